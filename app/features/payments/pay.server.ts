/**
 * Paying a bill (issue 12; spec 2: /payment/{accountNumber} for a guest,
 * /customer/bill-history/pay/{accountNumber}, /customer/payment-success/{id} and
 * /customer/payment-failed for a customer). One flow for both payers: the amount due, an
 * amount and a channel, a review of the total (internet banking's charge shown before
 * paying), then the gateway's hosted page for online channels or a reference slip for the
 * counters. A payment is posted only by the payments service from the gateway's verified
 * webhook; the return pages read its true state, never post it.
 *
 * A guest sees the amount due and a masked name only, and reads back only the payments this
 * browser started (guest-payments.server.ts). A customer pays only into an account their
 * token lists: any other is refused here before the upstream is asked, and the upstream
 * refuses it again (docs/security.md, Access control).
 */
import crypto from 'node:crypto'
import { data, redirect, redirectDocument } from 'react-router'
import { NOT_AUTHORIZED } from '~/auth/guard'
import { ROLE } from '~/auth/roles'
import { chooseAccount } from '~/features/bills/accounts.server'
import type { UpstreamError } from '~/upstream/errors'
import type { Upstream } from '~/upstream/index.server'
import type { ChannelGroup, Payment, PaymentCaller, PaymentStatus } from '~/upstream/payments.server'
import { upstreamStatus } from '~/utils/upstream-failure'
import type { Result, UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { formatDate } from '../../../lib/dates'
import { forgetGuestKeys, guestKeys, rememberGuestKey } from './guest-payments.server'
import {
  ACCOUNT_NUMBER,
  amountFieldValue,
  billGroups,
  checkPayValues,
  readChoice,
  readPayValues,
  readPesos,
  upstreamFieldErrors,
  type PayErrors,
  type PayValues,
} from './pay-form'
import { customerPayPath, guestPayPath, guestStatusPath, PAY_BILL_PATH } from './paths'
import { PAY_TEXT as TEXT } from './texts'

/** Who pays, and how their calls reach the payments service. */
type Payer = {
  kind: 'guest' | 'customer'
  call<T>(payments: (calls: Upstream['payments'], caller: PaymentCaller) => Promise<T>): Promise<Result<T>>
}

/**
 * This browser's device cookie (app/features/auth/device-cookie.server.ts, read by the route):
 * the tokens it holds, and the Set-Cookie that adds one (undefined when it is held already).
 */
export type DeviceCookie = {
  tokens: readonly string[]
  remember(token: string | null): Promise<string | undefined>
}

/** A guest, with their browser's device tokens (strangers' tries do not stop a browser trusted with the account). */
function guestPayer(visit: Visit, deviceTokens: readonly string[], guestKey?: string): Payer {
  return {
    kind: 'guest',
    call(payments) {
      const caller = { guest: true as const, clientAddress: visit.clientAddress, guestKey, deviceTokens }
      return visit.portal.call((upstream) => payments(upstream.payments, caller))
    },
  }
}

function customerPayer(me: UserCaller): Payer {
  return {
    kind: 'customer',
    call: (payments) => me.call((upstream, accessToken) => payments(upstream.payments, { accessToken })),
  }
}

const rejected = (result: { error: UpstreamError }, status: number) =>
  result.error.kind === 'rejected' && result.error.status === status

const notFound = (): never => {
  throw data({ message: null }, { status: 404 })
}

// ---------------------------------------------------------------------------------------------
// The pay form

export type PayFormState = { values: PayValues; errors: PayErrors; formError: string | null; submissionKey: string }

export type PayReview = {
  values: PayValues
  submissionKey: string
  channelGroup: string
  methodName: string
  online: boolean
  amount: number
  serviceCharge: number
  total: number
}

export type PayAccount = {
  accountNumber: string
  /** The masked name for a guest, the holder's name for the customer. */
  holderName: string
  amountDue: number
  dueDate: string | null
  minimum: number
  maximum: number
}

export type PayPage =
  | { kind: 'ready'; payer: Payer['kind']; account: PayAccount; groups: ChannelGroup[]; form: PayFormState }
  | { kind: 'not-found'; accountNumber: string; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unavailable'; accountNumber: string; message: string }

/** The action's answer: the form again (with what was wrong) or the review of the total. */
export type PayAnswer = { form: PayFormState; review: PayReview | null }

const newSubmissionKey = () => crypto.randomBytes(18).toString('base64url')

async function loadPayPage(payer: Payer, accountNumber: string): Promise<{ page: PayPage; status: number }> {
  const [due, methods] = await Promise.all([
    payer.call((payments, caller) => payments.amountDue(caller, accountNumber)),
    payer.call((payments) => payments.methods()),
  ])
  if (!due.ok) {
    if (rejected(due, 404)) {
      return { page: { kind: 'not-found', accountNumber, message: TEXT.accountNotFound }, status: 404 }
    }
    if (rejected(due, 403)) return { page: { kind: 'refused', message: NOT_AUTHORIZED }, status: 403 }
    // 503 for a service that failed, even when it said 500 (app/utils/upstream-failure.ts):
    // the upstream's 5xx is not the page's own error.
    return { page: { kind: 'unavailable', accountNumber, message: due.message }, status: upstreamStatus(due.error) }
  }
  if (!methods.ok) {
    return { page: { kind: 'unavailable', accountNumber, message: TEXT.methodsFailed }, status: 503 }
  }
  const { value } = due
  const account: PayAccount = {
    accountNumber,
    holderName: value.holderName ?? value.maskedHolderName,
    amountDue: value.amountDue,
    dueDate: value.dueDate,
    minimum: value.minimum,
    maximum: value.maximum,
  }
  const form: PayFormState = {
    values: { amount: value.amountDue > 0 ? amountFieldValue(value.amountDue) : '', channel: '' },
    errors: {},
    formError: null,
    submissionKey: newSubmissionKey(),
  }
  return { page: { kind: 'ready', payer: payer.kind, account, groups: billGroups(methods.value), form }, status: 200 }
}

/** spec 8, with the advice; or the upstream's own words for a rate limit. */
function paymentFailure(result: { error: UpstreamError; message: string }) {
  if (rejected(result, 429)) return result.message
  return `${TEXT.unableToProcess} ${TEXT.tryOtherChannels}`
}

type PaymentPaths = { successPath?: string; failurePath?: string; statusPath: (payment: Payment) => string }

/**
 * REVIEW PAYMENT quotes the total; PAY starts the payment and sends the browser on: to the
 * gateway's page (a document redirect: it is not one of the portal's routes) or to the
 * reference slip. Anything wrong comes back on the form, as typed.
 */
async function payAction(
  form: FormData,
  payer: Payer,
  accountNumber: string,
  paths: PaymentPaths,
  remember: (payment: Payment, guestKey: string | null, deviceToken: string | null) => Promise<void>,
) {
  const values = readPayValues(form)
  const intent = form.get('intent')
  const submittedKey = String(form.get('submissionKey') ?? '')
  const submissionKey = /^[A-Za-z0-9_-]{8,128}$/.test(submittedKey) ? submittedKey : newSubmissionKey()
  const answer = (state: Partial<PayFormState>, review: PayReview | null = null, status = 200) =>
    data<PayAnswer>({ form: { values, errors: {}, formError: null, submissionKey, ...state }, review }, { status })

  const loaded = await loadPayPage(payer, accountNumber)
  if (loaded.page.kind !== 'ready')
    return answer({ formError: 'message' in loaded.page ? loaded.page.message : null }, null, loaded.status)
  const { account, groups } = loaded.page
  if (intent === 'change') return answer({})

  const errors = checkPayValues(values, groups, account)
  if (Object.keys(errors).length) return answer({ errors }, null, 422)
  const choice = readChoice(groups, values.channel)!
  const paymentRequest = { accountNumber, amount: readPesos(values.amount)!, ...choice }

  if (intent !== 'pay') {
    const quote = await payer.call((payments, caller) => payments.quote(caller, paymentRequest))
    if (!quote.ok) return refusal(quote)
    const group = groups.find((candidate) => candidate.name === choice.channelGroup)!
    return answer(
      {},
      {
        values,
        submissionKey,
        channelGroup: group.name,
        methodName: group.paymentMethods.find((method) => method.code === choice.paymentMethod)!.name,
        online: group.kind === 'online',
        amount: quote.value.amount,
        serviceCharge: quote.value.serviceCharge,
        total: quote.value.total,
      },
    )
  }

  const started = await payer.call((payments, caller) =>
    payments.initiate(
      caller,
      { ...paymentRequest, successPath: paths.successPath, failurePath: paths.failurePath },
      submissionKey,
    ),
  )
  if (!started.ok) return refusal(started)
  const { payment, guestKey, deviceToken } = started.value
  // The cookies it sets go on this answer through the visit.
  await remember(payment, guestKey, deviceToken ?? null)
  if (payment.checkoutUrl && payment.status === 'pending') return redirectDocument(payment.checkoutUrl)
  return redirect(paths.statusPath(payment))

  function refusal(result: { error: UpstreamError; message: string }) {
    if (result.error.kind === 'rejected' && result.error.fields) {
      const { errors, formError } = upstreamFieldErrors(result.error.fields)
      return answer({ errors, formError }, null, 422)
    }
    return answer({ formError: paymentFailure(result) }, null, rejected(result, 429) ? 429 : 502)
  }
}

// Guest: /payment/{accountNumber}

function guestAccountNumber(param: string | undefined): string {
  return param && ACCOUNT_NUMBER.test(param) ? param : notFound()
}

export async function guestPayPage(visit: Visit, deviceTokens: readonly string[], param: string | undefined) {
  const payer = guestPayer(visit, deviceTokens)
  const { page, status } = await loadPayPage(payer, guestAccountNumber(param))
  return data(page, { status })
}

export async function guestPayAction(visit: Visit, device: DeviceCookie, form: FormData, param: string | undefined) {
  const accountNumber = guestAccountNumber(param)
  return payAction(
    form,
    guestPayer(visit, device.tokens),
    accountNumber,
    {
      successPath: `${guestPayPath(accountNumber)}/{id}`,
      failurePath: `${guestPayPath(accountNumber)}/{id}?outcome=failed`,
      statusPath: (payment) => guestStatusPath(accountNumber, payment.id),
    },
    async (payment, guestKey, deviceToken) => {
      if (guestKey) await rememberGuestKey(visit, payment.id, guestKey)
      // This browser paid into the account: from now on strangers' tries do not stop it (docs/decisions/0062).
      const remembered = await device.remember(deviceToken)
      if (remembered) visit.setCookie(remembered)
    },
  )
}

/** /payBill?accountNumber=: a guest's number checked, then on to /payment/{accountNumber}. */
export function payBillPage(request: Request) {
  const query = new URL(request.url).searchParams
  const typed = query.get('accountNumber')
  if (typed === null) return { accountNumber: '', error: null }
  const accountNumber = typed.replace(/[\s-]/g, '')
  if (accountNumber === '') return { accountNumber: typed, error: TEXT.accountNumberRequired }
  if (!ACCOUNT_NUMBER.test(accountNumber))
    return { accountNumber: typed.slice(0, 40), error: TEXT.accountNumberInvalid }
  throw redirect(guestPayPath(accountNumber))
}

// Customer: /customer/bill-history/pay/{accountNumber}

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

/** The customer's own account, or the refusal (403) before anything is asked upstream. */
function ownAccount(me: UserCaller, param: string | undefined) {
  const chosen = chooseAccount(me.claims, param ?? null)
  return chosen.kind === 'own' && chosen.accountNumber === param ? chosen.accountNumber : null
}

export async function customerPayPage(visit: Visit, param: string | undefined) {
  const me = await customer(visit)
  const accountNumber = ownAccount(me, param)
  if (!accountNumber) return data<PayPage>({ kind: 'refused', message: NOT_AUTHORIZED }, { status: 403 })
  const { page, status } = await loadPayPage(customerPayer(me), accountNumber)
  return data(page, { status })
}

export async function customerPayAction(visit: Visit, form: FormData, param: string | undefined) {
  const me = await customer(visit)
  const accountNumber = ownAccount(me, param)
  if (!accountNumber) {
    return data<PayAnswer>(
      {
        form: {
          values: readPayValues(form),
          errors: {},
          formError: NOT_AUTHORIZED,
          submissionKey: newSubmissionKey(),
        },
        review: null,
      },
      { status: 403 },
    )
  }
  // The gateway comes back to the service's default pages: /customer/payment-success/{id}
  // and /customer/payment-failed?payment={id}.
  return payAction(
    form,
    customerPayer(me),
    accountNumber,
    { statusPath: (payment) => customerSuccessPath(payment.id) },
    async () => {},
  )
}

// ---------------------------------------------------------------------------------------------
// The payment's state: the return pages and the reference slip

export const customerSuccessPath = (id: string) => `/customer/payment-success/${id}`

const whenLabel = (iso: string) => formatDate(iso, 'dateTime')

/** Still moving: the page looks again by itself (with JavaScript) or on CHECK AGAIN. */
export const UNSETTLED: readonly PaymentStatus[] = ['pending', 'authorised']

export type PaymentView = {
  id: string
  accountNumber: string
  status: PaymentStatus
  reference: string
  channelGroup: string
  amount: number
  serviceCharge: number
  total: number
  instructions: string[]
  postingTime: string
  createdAt: string
  postedAt: string | null
  expiresAt: string | null
  timeline: { kind: Payment['timeline'][number]['kind']; label: string; at: string; detail: string | null }[]
}

export function paymentView(payment: Payment): PaymentView {
  return {
    id: payment.id,
    accountNumber: payment.accountNumber,
    status: payment.status,
    reference: payment.reference,
    channelGroup: payment.channelGroup,
    amount: payment.amount,
    serviceCharge: payment.serviceCharge,
    total: payment.total,
    instructions: payment.instructions,
    postingTime: payment.postingTime,
    createdAt: whenLabel(payment.createdAt),
    postedAt: payment.postedAt ? whenLabel(payment.postedAt) : null,
    expiresAt: payment.expiresAt ? whenLabel(payment.expiresAt) : null,
    timeline: payment.timeline.map((entry) => ({
      kind: entry.kind,
      label: TEXT.timeline[entry.kind],
      at: whenLabel(entry.at),
      detail: entry.detail,
    })),
  }
}

export type PaymentStatusPage =
  | { kind: 'payment'; payment: PaymentView; failedReturn: boolean; payAgainPath: string }
  | { kind: 'forgotten'; payAgainPath: string }
  | { kind: 'failed-return'; payAgainPath: string | null }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * One payment's state. Coming back from the gateway's cancel or failure, a payment still
 * waiting there is cancelled (a paid webhook that arrives later still posts it: the
 * service never takes a payment back from posted).
 */
async function readPayment(payer: Payer, id: string, failedReturn: boolean): Promise<Result<Payment>> {
  const read = await payer.call((payments, caller) => payments.payment(caller, id))
  if (!read.ok || !failedReturn || read.value.status !== 'pending') return read
  const cancelled = await payer.call((payments, caller) => payments.cancel(caller, id))
  return cancelled.ok ? cancelled : read
}

function pageFailed(message: string): never {
  throw data({ message }, { status: 503 })
}

/** /payment/{accountNumber}/{id}: a payment this browser started as a guest. */
export async function guestStatusPage(visit: Visit, url: URL, params: { accountNumber?: string; paymentId?: string }) {
  const accountNumber = guestAccountNumber(params.accountNumber)
  const id = params.paymentId && UUID.test(params.paymentId) ? params.paymentId : notFound()
  const failedReturn = url.searchParams.get('outcome') === 'failed'
  const key = (await guestKeys(visit))[id]
  const payAgainPath = guestPayPath(accountNumber)
  if (!key) return data<PaymentStatusPage>({ kind: 'forgotten', payAgainPath })
  const read = await readPayment(guestPayer(visit, [], key), id, failedReturn)
  if (!read.ok) return rejected(read, 404) ? notFound() : pageFailed(read.message)
  if (read.value.accountNumber !== accountNumber) notFound()
  return data<PaymentStatusPage>({ kind: 'payment', payment: paymentView(read.value), failedReturn, payAgainPath })
}

/** DONE on a guest's payment: this browser forgets its payments (a shared browser keeps nothing). */
export async function guestDone(visit: Visit) {
  await forgetGuestKeys(visit)
  return redirect(PAY_BILL_PATH)
}

/** /customer/payment-success/{id}: one of the customer's payments. */
export async function customerSuccessPage(visit: Visit, param: string | undefined) {
  const me = await customer(visit)
  const id = param && UUID.test(param) ? param : notFound()
  const read = await readPayment(customerPayer(me), id, false)
  if (!read.ok) return rejected(read, 404) || rejected(read, 403) ? notFound() : pageFailed(read.message)
  // The upstream checked the owner; the portal checks the account against the token too.
  if (!ownAccount(me, read.value.accountNumber)) notFound()
  return data<PaymentStatusPage>({
    kind: 'payment',
    payment: paymentView(read.value),
    failedReturn: false,
    payAgainPath: customerPayPath(read.value.accountNumber),
  })
}

/** /customer/payment-failed?payment={id}: spec 8's message; the payment, cancelled if it was still waiting. */
export async function customerFailedPage(visit: Visit, url: URL) {
  const me = await customer(visit)
  const id = url.searchParams.get('payment')
  if (!id || !UUID.test(id)) return data<PaymentStatusPage>({ kind: 'failed-return', payAgainPath: null })
  const read = await readPayment(customerPayer(me), id, true)
  if (!read.ok || !ownAccount(me, read.value.accountNumber)) {
    return data<PaymentStatusPage>({ kind: 'failed-return', payAgainPath: null })
  }
  return data<PaymentStatusPage>({
    kind: 'payment',
    payment: paymentView(read.value),
    failedReturn: true,
    payAgainPath: customerPayPath(read.value.accountNumber),
  })
}

/** Bill history's list of the account's payments through the portal, with their timelines. */
export async function loadPayments(me: UserCaller, accountNumber: string) {
  const history = await me.call((upstream, token) => upstream.payments.history(token, accountNumber))
  return history.ok ? { ok: true as const, payments: history.value.payments.map(paymentView) } : { ok: false as const }
}
