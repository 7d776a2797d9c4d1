import type { ReactNode } from 'react'
import type { AnalyticsReport } from '~/upstream/analytics.server'
import { OpsNav } from '~/features/incidents/ops-nav'
import { ANALYTICS_TEXT as TEXT } from './texts'

type Vital = AnalyticsReport['vitals'][number]['LCP']

function Table({
  caption,
  head,
  empty,
  children,
}: {
  caption: string
  head: string[]
  empty: boolean
  children: ReactNode
}) {
  return (
    <section className="mt-8">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {head.map((name) => (
              <th key={name} scope="col" className="py-2 pr-4 font-semibold">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={head.length} className="py-2 text-slate-600 dark:text-slate-300">
                {TEXT.none}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </section>
  )
}

const cell = 'border-b border-slate-100 py-1.5 pr-4 dark:border-slate-800'

function vital(value: Vital) {
  return value ? `${value.p75} (${value.samples} ${TEXT.samples})` : TEXT.noValue
}

/** Three plain tables, rendered by the server: page views and events per day, web vitals per page. */
export function AnalyticsReportView({ report }: { report: AnalyticsReport | null }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <OpsNav current="analytics" />
      <h1 className="text-2xl font-bold">{TEXT.heading}</h1>
      {report ? (
        <>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{TEXT.intro(report.from, report.to)}</p>
          <Table
            caption={TEXT.pageViews}
            head={[TEXT.day, TEXT.page, TEXT.views]}
            empty={report.pageViews.length === 0}
          >
            {report.pageViews.map((row) => (
              <tr key={`${row.day} ${row.page}`}>
                <td className={cell}>{row.day}</td>
                <td className={`${cell} font-mono`}>{row.page}</td>
                <td className={`${cell} tabular-nums`}>{row.views}</td>
              </tr>
            ))}
          </Table>
          <Table
            caption={TEXT.events}
            head={[TEXT.day, TEXT.event, TEXT.link, TEXT.count]}
            empty={report.events.length === 0}
          >
            {report.events.map((row) => (
              <tr key={`${row.day} ${row.name} ${row.link}`}>
                <td className={cell}>{row.day}</td>
                <td className={cell}>{TEXT.eventNames[row.name]}</td>
                <td className={cell}>{row.link ?? TEXT.noValue}</td>
                <td className={`${cell} tabular-nums`}>{row.count}</td>
              </tr>
            ))}
          </Table>
          <Table
            caption={TEXT.vitals}
            head={[TEXT.page, TEXT.lcp, TEXT.inp, TEXT.cls]}
            empty={report.vitals.length === 0}
          >
            {report.vitals.map((row) => (
              <tr key={row.page}>
                <td className={`${cell} font-mono`}>{row.page}</td>
                <td className={`${cell} tabular-nums`}>{vital(row.LCP)}</td>
                <td className={`${cell} tabular-nums`}>{vital(row.INP)}</td>
                <td className={`${cell} tabular-nums`}>{vital(row.CLS)}</td>
              </tr>
            ))}
          </Table>
        </>
      ) : (
        <p role="alert" className="mt-4">
          {TEXT.loadFailed}
        </p>
      )}
    </div>
  )
}
