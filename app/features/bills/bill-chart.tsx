/**
 * The last 12 bills as bars (issue 11), drawn by the server as inline SVG: no chart library
 * and no browser code (the customer pages' JS budget). Paid bills are green, those still owing
 * the brand colour.
 * The table below the chart carries the same figures for screen readers and copying.
 */
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import type { Bill } from '~/upstream/billing.server'
import { BILLS_TEXT as TEXT } from './texts'

const WIDTH = 640
const HEIGHT = 240
const TOP = 24
const BOTTOM = 36
const SIDE = 8

/** `bills` oldest first, at most 12. */
export function BillChart({ bills }: { bills: Bill[] }) {
  if (bills.length === 0) return null
  const highest = Math.max(...bills.map((bill) => bill.amount), 1)
  const slot = (WIDTH - 2 * SIDE) / bills.length
  const barWidth = Math.min(40, slot * 0.6)
  const plot = HEIGHT - TOP - BOTTOM
  const summary = bills.map((bill) => `${formatDate(bill.month, 'month')}: ${formatPesos(bill.amount)}`).join(', ')
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-lg font-bold">{TEXT.chartTitle}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${TEXT.chartTitle}: ${summary}`}
        className="h-auto w-full max-w-2xl"
        data-testid="bill-chart"
      >
        <line x1={SIDE} x2={WIDTH - SIDE} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-400" />
        {bills.map((bill, n) => {
          const height = Math.max(2, (Math.max(bill.amount, 0) / highest) * plot)
          const x = SIDE + n * slot + (slot - barWidth) / 2
          const y = HEIGHT - BOTTOM - height
          const centre = x + barWidth / 2
          return (
            <g key={bill.month} data-month={bill.month}>
              <rect
                x={x}
                y={y}
                width={barWidth}
                height={height}
                rx={3}
                className={bill.status === 'paid' ? 'fill-emerald-600' : 'fill-brand-600'}
              >
                <title>{`${formatDate(bill.month, 'month')}: ${formatPesos(bill.amount)}, ${TEXT.status[bill.status]}`}</title>
              </rect>
              <text x={centre} y={y - 6} textAnchor="middle" className="fill-current text-[10px]">
                {Math.round(bill.amount).toLocaleString('en-PH')}
              </text>
              <text x={centre} y={HEIGHT - BOTTOM + 16} textAnchor="middle" className="fill-current text-[11px]">
                {formatDate(bill.month, 'shortMonth')}
              </text>
              {n === 0 || bill.month.endsWith('-01') ? (
                <text x={centre} y={HEIGHT - BOTTOM + 30} textAnchor="middle" className="fill-current text-[10px]">
                  {bill.month.slice(0, 4)}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
      <p className="flex gap-4 text-sm" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-emerald-600" /> {TEXT.status.paid}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-brand-600" /> {TEXT.stillOwing}
        </span>
      </p>
    </figure>
  )
}
