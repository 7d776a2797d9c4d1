/**
 * The dashboard's data and the modem restart (issue 11 item 2; spec 7: account details,
 * modem details, restart, outage status, device id), for the user's default account
 * (spec 3), as the user. Each card loads on its own: a failing call leaves its card with
 * spec 8's message and the rest of the page shown. Times and the chart's geometry are
 * worked out here, so the page ships markup, not code (docs/architecture.md, JavaScript budget).
 *
 * docs/security.md, Access control: the restart's account number must be in the token's
 * list and its device id the one the upstream gives for that account; the upstream checks
 * both again against the bearer token.
 */
import { formatDate } from '../../../lib/dates'
import type { Config } from '../../../lib/env'
import { AccountNumberSchema } from '../../../lib/identity-schemas'
import type { UserCaller as SignedIn } from '~/visit/call.server'
import { NOT_AUTHORIZED } from '~/auth/guard'
import { partAnswer, type Dashboard, type UpstreamPart } from '~/upstream/dashboard.server'
import type { Modem, Restart, Wifi } from '~/upstream/devices.server'
import type { UpstreamError } from '~/upstream/errors'
import { upstreamMessage } from '~/utils/upstream-failure'
import { redirectWithToast } from '~/utils/toast.server'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import { amountDueView } from '~/features/bills/amount-due.server'
import { bandLabel } from '../../../lib/wifi'
import { noInternetCard } from '~/features/no-internet/no-internet.server'
import { creditView } from './credits'
import { signalChart, signalVerdict } from './signal'
import { DASHBOARD_TEXT as TEXT } from './texts'

const HISTORY_DAYS = 7
const when = (iso: string) => formatDate(iso, 'dateTime')

/** The card's reading, as words and numbers ready to show. */
export function modemView(modem: Modem, now: Date) {
  const verdict = modem.online ? signalVerdict(modem.signalDbm) : 'none'
  return {
    deviceId: modem.deviceId,
    model: modem.model,
    online: modem.online,
    temperature: modem.temperatureC === null ? '–' : `${modem.temperatureC.toFixed(1)} °C`,
    signal: modem.signalDbm === null ? '–' : `${modem.signalDbm.toFixed(1)} dBm`,
    verdict,
    verdictText: TEXT.verdicts[verdict],
    lastSeen: modem.lastSeenAt ? when(modem.lastSeenAt) : TEXT.never,
    chart: signalChart(modem.history, { from: new Date(now.getTime() - HISTORY_DAYS * 86_400_000), to: now }),
    restart: modem.restart ? restartView(modem.restart) : null,
  }
}

export function restartView(restart: Restart) {
  const at = when(restart.requestedAt)
  const text =
    restart.state === 'requested'
      ? TEXT.restartRequested(at)
      : restart.state === 'done'
        ? TEXT.restartDone(when(restart.finishedAt ?? restart.requestedAt))
        : TEXT.restartFailed(at)
  return { state: restart.state, text }
}

export type ModemView = ReturnType<typeof modemView> & { wifi: WifiSummary | null }

/** The modem card's line per Wi-Fi network: its name, band (or both, steered) and devices connected. */
export function wifiSummary(wifi: Wifi) {
  return wifi.networks.map((network) => ({
    networkId: network.networkId,
    ssid: network.ssid,
    bands: network.bands.length > 1 ? TEXT.bothBands : bandLabel(network.bands[0]!),
    devices: network.connectedDevices,
    enabled: network.enabled,
  }))
}
export type WifiSummary = ReturnType<typeof wifiSummary>

/** A part's answer with what to tell the user when it failed (spec 8's message, as a call's). */
function answered<T>(part: { ok: true; value: T } | { ok: false; error: UpstreamError }) {
  return part.ok ? part : { ok: false as const, error: part.error, message: upstreamMessage(part.error) }
}

type Card<T> = { ok: true; value: T } | { ok: false; message: string }
const card = <T>(result: { ok: true; value: T } | { ok: false; message: string }): Card<T> =>
  result.ok ? { ok: true, value: result.value } : { ok: false, message: result.message }

/**
 * The dashboard of the default account: subscription, amount due, outage and modem, each on
 * its own, from one upstream call (services/dashboard). A part that failed carries its own
 * call's message; the whole call failing leaves every card with its message.
 */
export async function loadDashboard(me: SignedIn, request: Request) {
  const accountNumbers = me.claims.accountNumber ?? []
  const accountNumber = defaultAccountNumber(accountNumbers, me.claims.activeAccountNumber)
  if (!accountNumber) return null
  const now = new Date()
  const cards = await me.call((upstream, token) => upstream.dashboard.cards(token, accountNumber))
  const partOf = <T>(pick: (value: Dashboard) => UpstreamPart<T>, call: string) =>
    cards.ok ? answered(partAnswer(pick(cards.value), call)) : cards
  const subscription = partOf((value) => value.subscription, 'accounts.subscription')
  const paymentDetails = partOf((value) => value.paymentDetails, 'billing.paymentDetails')
  const outage = partOf((value) => value.outage, 'devices.outage')
  const modem = partOf((value) => value.modem, 'devices.modem')
  const noInternet = partOf((value) => value.noInternet, 'repairs.offer')
  const outageCard = card(outage)
  return {
    // What the next bill will take off (docs/decisions/0076); a part that failed shows none.
    credits: cards.ok && cards.value.credits?.ok ? cards.value.credits.value.map(creditView) : [],
    accountNumber,
    // spec 3: switch among the proven accounts only.
    switchable: accountNumbers.filter((number) => number !== accountNumber),
    subscription: card(subscription),
    // The bills feature's card, from the same call.
    amountDue: amountDueView(accountNumber, paymentDetails),
    outage:
      outageCard.ok && outageCard.value
        ? {
            ok: true as const,
            value: {
              ...outageCard.value,
              since: when(outageCard.value.startedAt),
              restore: outageCard.value.estimatedRestoreAt ? when(outageCard.value.estimatedRestoreAt) : null,
            },
          }
        : outageCard.ok
          ? { ok: true as const, value: null }
          : outageCard,
    modem: modem.ok
      ? {
          ok: true as const,
          // issue 18: the card names the Wi-Fi networks too; without them, the card still shows the modem.
          value: { ...modemView(modem.value, now), wifi: modem.value.wifi ? wifiSummary(modem.value.wifi) : null },
        }
      : { ok: false as const, message: modem.message },
    // issue 37, item 6: REPORT NO INTERNET, or the open report.
    noInternet: noInternetCard(noInternet, modem.ok ? modem.value.lastSeenAt : null),
    // ?restart=confirm: the server renders the confirmation (works without JavaScript).
    confirmRestart: new URL(request.url).searchParams.get('restart') === 'confirm',
  }
}

export const RESTART_INTENT = 'restart-modem'

/** The restart: checked here, then asked of the upstream, which answers 'requested'; the outcome shows on the card later. */
export async function restartModem(form: FormData, me: SignedIn, config: Config, here: string) {
  const toast = (kind: 'success' | 'error', message: string) => redirectWithToast(config, here, { kind, message })
  const accountNumber = AccountNumberSchema.safeParse(form.get('accountNumber'))
  const deviceId = String(form.get('deviceId') ?? '')
  if (!accountNumber.success || !(me.claims.accountNumber ?? []).includes(accountNumber.data))
    return toast('error', NOT_AUTHORIZED)
  const own = await me.call((upstream, token) => upstream.devices.deviceId(token, accountNumber.data))
  if (!own.ok) return toast('error', own.message)
  if (own.value.deviceId !== deviceId) return toast('error', NOT_AUTHORIZED)
  const restarted = await me.call((upstream, token) => upstream.devices.restart(token, accountNumber.data, deviceId))
  return restarted.ok ? toast('success', TEXT.restartRequestedToast) : toast('error', restarted.message)
}
