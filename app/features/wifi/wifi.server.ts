/**
 * /account/wifi (issue 18): the active account's modem's Wi-Fi, through the devices service
 * (simulated modems embedded, GenieACS by configuration; docs/decisions/0045). The page
 * shows the networks and who is connected; its two forms show the passwords after the
 * portal password, and change a name and/or password. Passwords pass through in the action's
 * answer only: never in a loader, a URL, a log line or a cookie, and the page is no-store.
 * The account and device the forms name must be the customer's own (a posted device id that
 * is not is the not-found answer, as the upstream's).
 */
import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import { ROLE } from '~/auth/roles'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import type { Wifi, WifiChangeRecord, WifiPassphrases } from '~/upstream/devices.server'
import { failureReply, formConstraint, parseWithZod } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { formatDate } from '../../../lib/dates'
import { WIFI_FAILURE_TEXT } from '../../../lib/wifi'
import { WifiChangeFormSchema, WifiRevealFormSchema } from './schemas'
import { WIFI_PAGE_TEXT as TEXT } from './texts'

export const WIFI_PATH = '/account/wifi'
const NO_STORE = { 'cache-control': 'no-store' }

/** What the page says of the latest change: asked, applied, or not applied and why. */
export function changeView(change: WifiChangeRecord | null) {
  if (!change) return null
  const what = TEXT.what(change.changedName, change.changedPassphrase)
  const text =
    change.state === 'requested'
      ? TEXT.requested(formatDate(change.requestedAt, 'dateTime'), what)
      : change.state === 'done'
        ? TEXT.done(formatDate(change.finishedAt ?? change.requestedAt, 'dateTime'), what)
        : TEXT.failed(what, WIFI_FAILURE_TEXT[change.reason ?? 'unavailable'])
  return { state: change.state, text }
}

function wifiView(wifi: Wifi) {
  return {
    deviceId: wifi.deviceId,
    online: wifi.online,
    networks: wifi.networks.map((network) => ({
      networkId: network.networkId,
      bands: network.bands,
      ssid: network.ssid,
      security: network.security,
      enabled: network.enabled,
      connectedDevices: network.connectedDevices,
      passphraseSettable: network.passphraseSettable,
    })),
    hosts: wifi.hosts.map((host) => ({
      name: host.name,
      connection: host.connection,
      band: host.band,
      signalDbm: host.signalDbm,
      since: host.connectedSince ? formatDate(host.connectedSince, 'dateTime') : null,
    })),
    change: changeView(wifi.change),
    changesLeft: wifi.changesLeft,
  }
}
export type WifiView = ReturnType<typeof wifiView>

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

function accountOf(me: UserCaller): string | null {
  return defaultAccountNumber(me.claims.accountNumber ?? [], me.claims.activeAccountNumber)
}

export async function wifiPage(visit: Visit) {
  const me = await customer(visit)
  const accountNumber = accountOf(me)
  const constraint = { change: formConstraint(WifiChangeFormSchema), reveal: formConstraint(WifiRevealFormSchema) }
  if (!accountNumber) return data({ status: 'no-account' as const }, { headers: NO_STORE })
  const wifi = await me.call(async (upstream, token) => {
    const { deviceId } = await upstream.devices.deviceId(token, accountNumber)
    return upstream.devices.wifi(token, accountNumber, deviceId)
  })
  // The constraint goes along: a change the customer sent while the service failed is shown
  // again as a form (wifi-page.tsx, KeptChangeForm), so that nothing they typed is lost.
  if (!wifi.ok)
    return data(
      { status: 'unavailable' as const, message: wifi.message, constraint },
      { status: 503, headers: NO_STORE },
    )
  return data({ status: 'ok' as const, accountNumber, wifi: wifiView(wifi.value), constraint }, { headers: NO_STORE })
}

export type WifiActionData = {
  form: 'change' | 'reveal'
  result?: SubmissionResult<string[]>
  /** The passwords, shown once in this answer (never stored, never in a URL). */
  passphrases?: WifiPassphrases['networks']
  formError?: string
}

/**
 * The forms' account and device, checked against the customer's own: the account among
 * their proven ones, the device the one installed for it. Anything else is not found.
 */
async function ownDevice(me: UserCaller, form: FormData) {
  const accountNumber = String(form.get('accountNumber') ?? '')
  const deviceId = String(form.get('deviceId') ?? '')
  if (!(me.claims.accountNumber ?? []).includes(accountNumber)) return { ok: false as const, notFound: true }
  const own = await me.call((upstream, token) => upstream.devices.deviceId(token, accountNumber))
  if (!own.ok) return { ok: false as const, notFound: false, message: own.message }
  if (own.value.deviceId !== deviceId) return { ok: false as const, notFound: true }
  return { ok: true as const, accountNumber, deviceId }
}

export async function wifiAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const intent = form.get('intent') === 'reveal' ? 'reveal' : 'change'
  const schema = intent === 'reveal' ? WifiRevealFormSchema : WifiChangeFormSchema
  const submission = parseWithZod(form, { schema })
  // The portal password never comes back into the page.
  const hideFields = intent === 'reveal' ? ['password'] : []
  const answer = (part: Omit<WifiActionData, 'form'>, status: number) =>
    data<WifiActionData>({ form: intent, ...part }, { status, headers: NO_STORE })
  if (submission.status !== 'success') return answer({ result: submission.reply({ hideFields }) }, 400)

  const device = await ownDevice(me, form)
  if (!device.ok) {
    if (device.notFound) return answer({ formError: TEXT.notFound }, 404)
    return answer({ result: submission.reply({ formErrors: [device.message!], hideFields }) }, 503)
  }
  const { accountNumber, deviceId } = device

  if (intent === 'reveal') {
    const { password } = submission.value as { password: string }
    const revealed = await me.call((upstream, token) =>
      upstream.devices.revealWifi(token, accountNumber, deviceId, password),
    )
    if (!revealed.ok) {
      const failure = failureReply(revealed.error, submission, { hideFields })
      return answer({ result: failure.result }, failure.status)
    }
    return answer({ passphrases: revealed.value.networks }, 200)
  }

  const { bands, ssid, passphrase } = submission.value as {
    bands: ('2.4GHz' | '5GHz')[]
    ssid?: string
    passphrase?: string
  }
  const changed = await me.call((upstream, token) =>
    upstream.devices.changeWifi(token, accountNumber, deviceId, {
      bands,
      ...(ssid === undefined ? {} : { ssid }),
      ...(passphrase === undefined ? {} : { passphrase }),
    }),
  )
  if (!changed.ok) {
    const failure = failureReply(changed.error, submission)
    return answer({ result: failure.result }, failure.status)
  }
  return redirectWithToast(visit.config, WIFI_PATH, { kind: 'success', message: TEXT.sent })
}
