/**
 * The dashboard's cards (issue 11 item 2), server-rendered: plain forms and links, an
 * inline SVG chart, no chart library. The restart's confirmation is a page state
 * (?restart=confirm), so it works without JavaScript; with it, the card re-reads the modem
 * every few seconds while a restart is under way.
 */
import { Form } from 'react-router'
import type { ReactNode } from 'react'
import type { Outage, Subscription } from '~/upstream/devices.server'
import { AppLink } from '~/ui/app-link'
import { useRefreshWhile } from '~/ui/use-refresh-while'
import { Button, buttonClass } from '~/ui/button'
import { INTENT } from '~/features/own-account/intents'
import type { CreditView } from './credits'
import type { ModemView } from './dashboard.server'
import type { SignalChart } from './signal'
import { DASHBOARD_TEXT as TEXT } from './texts'

const RESTART_INTENT = 'restart-modem' // dashboard.server.ts RESTART_INTENT
const CARD = 'flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800'
const CARD_HEADING = 'text-lg font-bold'

type Failed = { ok: false; message: string }

function CardError({ message }: { message: string }) {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      {message}
    </p>
  )
}

/** Rows of label, value and, for a guided-tour target, its data-tour name (app/features/tour/steps.ts). */
function Facts({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value, tour]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600 dark:text-slate-300">{term}</dt>
          <dd className="font-medium" data-tour={tour}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** The default account and a switch among the other proven ones (spec 3; the make-default intent). */
export function AccountSwitcher({
  accountNumber,
  others,
  here,
}: {
  accountNumber: string
  others: string[]
  here: string
}) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div data-tour="account-info">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {TEXT.accountHeading}
        </h2>
        <p className="text-2xl font-bold" data-testid="default-account">
          {accountNumber}
        </p>
      </div>
      {others.length > 0 ? (
        <Form method="post" action={here} className="flex items-end gap-2">
          <label className="flex flex-col text-sm">
            {TEXT.switchLabel}
            <select
              name="accountNumber"
              className="rounded-md border border-slate-300 px-2 py-2 dark:border-slate-700 dark:bg-slate-900"
            >
              {others.map((number) => (
                <option key={number} value={number}>
                  {number}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" name="intent" value={INTENT.makeDefault} variant="secondary">
            {TEXT.switchButton}
          </Button>
        </Form>
      ) : null}
    </div>
  )
}

export function SubscriptionFacts({ subscription }: { subscription: Subscription }) {
  return (
    <Facts
      rows={[
        [TEXT.plan, subscription.planName],
        [TEXT.speed, `${subscription.speedMbps} Mbps`],
        [TEXT.status, TEXT.statusNames[subscription.status]],
        [TEXT.serviceAddress, subscription.serviceAddress],
      ]}
    />
  )
}

export function SubscriptionCard({ subscription }: { subscription: { ok: true; value: Subscription } | Failed }) {
  return (
    <section aria-labelledby="subscription-heading" className={CARD}>
      <h2 id="subscription-heading" className={CARD_HEADING}>
        {TEXT.subscriptionHeading}
      </h2>
      {subscription.ok ? (
        <SubscriptionFacts subscription={subscription.value} />
      ) : (
        <CardError message={subscription.message} />
      )}
      <AppLink
        to="/account/subscription"
        className="text-sm font-semibold text-brand-600 underline dark:text-orange-300"
      >
        {TEXT.subscriptionDetails}
      </AppLink>
    </section>
  )
}

/** The credits the next bill will take off (issue 37; docs/decisions/0076): one sentence each. */
export function CreditNotice({ credits }: { credits: CreditView[] }) {
  if (credits.length === 0) return null
  return (
    <section
      aria-labelledby="credits-heading"
      data-testid="pending-credits"
      className="flex flex-col gap-1 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <h2 id="credits-heading" className={CARD_HEADING}>
        {TEXT.creditsHeading}
      </h2>
      <ul className="flex flex-col gap-1">
        {credits.map((credit, index) => (
          <li key={index} data-kind={credit.kind}>
            {credit.text}
          </li>
        ))}
      </ul>
    </section>
  )
}

type ShownOutage = Outage & { since: string; restore: string | null }

/** The outage in the account's area, said before the user thinks of calling (issue 11). */
export function OutageNotice({ outage }: { outage: { ok: true; value: ShownOutage | null } | Failed }) {
  if (!outage.ok) return <CardError message={outage.message} />
  if (!outage.value)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="no-outage">
        {TEXT.noOutage}
      </p>
    )
  const { value } = outage
  return (
    <section
      aria-labelledby="outage-heading"
      className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="outage-heading" className={CARD_HEADING}>
        {TEXT.outageHeading}
      </h2>
      <p>{value.cause}</p>
      <p className="text-sm">{TEXT.outageArea(value.areaName)}</p>
      <p className="text-sm">{TEXT.outageSince(value.since)}</p>
      <p className="text-sm font-semibold">
        {value.restore ? TEXT.outageRestore(value.restore) : TEXT.outageNoEstimate}
      </p>
    </section>
  )
}

function SignalChartSvg({ chart }: { chart: SignalChart }) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-semibold">{TEXT.chartHeading}</figcaption>
      <svg
        role="img"
        aria-label={chart.summary}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="h-24 w-full max-w-sm"
      >
        <rect width={chart.width} height={chart.goodY} className="fill-green-50 dark:fill-green-950" />
        <line
          x1="0"
          x2={chart.width}
          y1={chart.goodY}
          y2={chart.goodY}
          strokeDasharray="4 3"
          className="stroke-slate-400"
        />
        <line
          x1="0"
          x2={chart.width}
          y1={chart.noSignalY}
          y2={chart.noSignalY}
          strokeDasharray="4 3"
          className="stroke-red-400"
        />
        {chart.segments.map((points, index) => (
          <polyline key={index} points={points} fill="none" strokeWidth="2" className="stroke-brand-600" />
        ))}
      </svg>
    </figure>
  )
}

export function ModemCard({
  accountNumber,
  modem,
  confirmRestart,
  here,
}: {
  accountNumber: string
  modem: { ok: true; value: ModemView } | Failed
  confirmRestart: boolean
  here: string
}) {
  const restarting = modem.ok && modem.value.restart?.state === 'requested'
  useRefreshWhile(restarting)
  return (
    <section aria-labelledby="modem-heading" className={CARD} data-testid="modem-card">
      <h2 id="modem-heading" className={CARD_HEADING}>
        {TEXT.modemHeading}
      </h2>
      {modem.ok ? (
        <>
          <p className="flex items-center gap-2 font-semibold" data-testid="modem-state">
            <span
              aria-hidden="true"
              className={`h-3 w-3 rounded-full ${modem.value.online ? 'bg-green-600' : 'bg-red-600'}`}
            />
            {modem.value.online ? TEXT.online : TEXT.offline}
          </p>
          <Facts
            rows={[
              [TEXT.temperature, modem.value.temperature, 'modem-temperature'],
              [TEXT.signal, modem.value.signal, 'signal-strength'],
              [TEXT.lastSeen, modem.value.lastSeen],
            ]}
          />
          <p
            data-testid="signal-verdict"
            className={
              modem.value.verdict === 'good' ? 'text-green-800 dark:text-green-300' : 'text-red-800 dark:text-red-300'
            }
          >
            {modem.value.verdictText}
          </p>
          <SignalChartSvg chart={modem.value.chart} />
          {modem.value.restart ? (
            <p role="status" data-testid="restart-state" data-state={modem.value.restart.state}>
              {modem.value.restart.text}{' '}
              {restarting ? (
                <AppLink to={here} className="font-semibold underline">
                  {TEXT.refresh}
                </AppLink>
              ) : null}
            </p>
          ) : null}
          {confirmRestart && !restarting ? (
            <div
              role="alertdialog"
              aria-labelledby="restart-question"
              aria-describedby="restart-body"
              className="flex flex-col gap-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
            >
              <p id="restart-question" className="font-bold">
                {TEXT.restartQuestion}
              </p>
              <p id="restart-body">{TEXT.restartBody}</p>
              <div className="flex gap-3">
                <AppLink to={here} className={buttonClass('secondary')}>
                  {TEXT.no}
                </AppLink>
                <Form method="post" action={here}>
                  <input type="hidden" name="accountNumber" value={accountNumber} />
                  <input type="hidden" name="deviceId" value={modem.value.deviceId} />
                  <Button type="submit" name="intent" value={RESTART_INTENT}>
                    {TEXT.yes}
                  </Button>
                </Form>
              </div>
            </div>
          ) : restarting ? null : (
            <div>
              <AppLink to={`${here}?restart=confirm`} className={buttonClass('secondary')}>
                {TEXT.restartButton}
              </AppLink>
            </div>
          )}
          {modem.value.wifi?.length ? (
            <div data-testid="modem-wifi">
              <h3 className="font-semibold">{TEXT.wifiHeading}</h3>
              <ul>
                {modem.value.wifi.map((network) => (
                  <li key={network.networkId}>
                    <span className="break-all font-semibold">{network.ssid}</span>
                    {`: ${TEXT.wifiLine(network.bands, network.devices, network.enabled)}`}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>
            <AppLink to="/account/wifi" className="font-semibold underline">
              {TEXT.wifiLink}
            </AppLink>
          </p>
        </>
      ) : (
        <CardError message={modem.message} />
      )}
    </section>
  )
}
