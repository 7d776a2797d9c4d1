/**
 * /customer/auto-pay (spec 2; spec 4's AutoPay states; issue 12 item 4; docs/decisions/0043):
 * one of the customer's accounts (?account=, else spec 3's default), its AutoPay state and what
 * can be done in it: set up (the gateway's page takes the card), confirm the small amount
 * charged to the card, change the card (the old one removed first) and cancel (effective
 * after the current month's due date, said before and after). Every change is a plain form
 * post, confirmed on the page first where it removes something, so all of it works without
 * JavaScript. Another customer's account is refused before the upstream is asked (and the
 * upstream refuses it again).
 */
import { data, redirect, redirectDocument } from 'react-router'
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import { NOT_AUTHORIZED } from '~/auth/guard'
import { ROLE } from '~/auth/roles'
import { chooseAccount } from '~/features/bills/accounts.server'
import type { Autopay } from '~/upstream/autopay.server'
import type { UpstreamError } from '~/upstream/errors'
import { redirectWithToast } from '~/utils/toast.server'
import type { UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { AUTOPAY_PATH } from './paths'
import { AUTOPAY_TEXT as TEXT } from './texts'

const pagePath = (accountNumber: string) => `${AUTOPAY_PATH}?${new URLSearchParams({ account: accountNumber })}`

export type AutopayView = {
  state: Autopay['state']
  card: string | null
  cardFormUrl: string | null
  triesLeft: number | null
  activeSince: string | null
  /** The bill AutoPay pays next: "₱1,299.00 on November 20, 2026". */
  nextCharge: string | null
  /** The last day AutoPay charges when cancelled, or what cancelling now would keep. */
  cancelEffectiveAfter: string | null
  lastEnded: string | null
  charges: { dueOn: string; amount: string | null; status: string; note: string | null; reference: string | null }[]
}

export type AutopayPage =
  | { kind: 'none' }
  | { kind: 'refused'; accountNumbers: string[]; message: string }
  | { kind: 'failed'; accountNumbers: string[]; accountNumber: string; message: string }
  | { kind: 'own'; accountNumbers: string[]; accountNumber: string; autopay: AutopayView }

/** What the action answers when it stays on the page: a confirmation to ask, or what went wrong. */
export type AutopayAnswer = {
  confirm: 'change-card' | 'cancel' | null
  formError: string | null
  amount: { value: string; errors: string[] } | null
}

export function autopayView(autopay: Autopay): AutopayView {
  const card = autopay.card ? TEXT.card(autopay.card.brandName, autopay.card.last4) : null
  return {
    state: autopay.state,
    card,
    cardFormUrl: autopay.cardFormUrl,
    triesLeft: autopay.verification?.triesLeft ?? null,
    activeSince: autopay.activatedAt ? formatDate(autopay.activatedAt, 'date') : null,
    nextCharge: autopay.nextCharge
      ? TEXT.nextCharge(formatPesos(autopay.nextCharge.amount), formatDate(autopay.nextCharge.dueOn, 'date'))
      : null,
    cancelEffectiveAfter: autopay.cancellation
      ? formatDate(autopay.cancellation.effectiveAfter, 'date')
      : autopay.nextCharge
        ? formatDate(autopay.nextCharge.dueOn, 'date')
        : null,
    lastEnded: autopay.lastEnded?.reason ?? null,
    charges: autopay.charges.map((charge) => ({
      dueOn: formatDate(charge.dueOn, 'date'),
      amount: charge.amount === null ? null : formatPesos(charge.amount),
      status: TEXT.chargeStatus[charge.status],
      note:
        charge.status === 'scheduled' && charge.nextAttemptOn && charge.tries > 0
          ? `${charge.lastError ?? ''} ${TEXT.nextTry(formatDate(charge.nextAttemptOn, 'date'))}`.trim()
          : charge.status === 'failed'
            ? charge.lastError
            : null,
      reference: charge.reference,
    })),
  }
}

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

export async function autopayPage(visit: Visit, url: URL) {
  const me = await customer(visit)
  const chosen = chooseAccount(me.claims, url.searchParams.get('account'))
  if (chosen.kind === 'none') return data<AutopayPage>({ kind: 'none' })
  if (chosen.kind === 'refused') {
    return data<AutopayPage>(
      { kind: 'refused', accountNumbers: chosen.accountNumbers, message: NOT_AUTHORIZED },
      { status: 403 },
    )
  }
  const { accountNumber, accountNumbers } = chosen
  const details = await me.call((upstream, token) => upstream.autopay.details(token, accountNumber))
  if (!details.ok) {
    // A non-fibre account (spec 5): the service's own words; anything else, spec 8's.
    const message = rejectedMessage(details.error) ?? TEXT.unableToFetch
    return data<AutopayPage>({ kind: 'failed', accountNumbers, accountNumber, message }, { status: 200 })
  }
  return data<AutopayPage>({ kind: 'own', accountNumbers, accountNumber, autopay: autopayView(details.value) })
}

/** A 4xx's own message (409, 422: about this account's AutoPay); null for an outage. */
function rejectedMessage(error: UpstreamError): string | null {
  if (error.kind !== 'rejected' || !error.status || error.status >= 500 || error.status === 403) return null
  return error.serverMessage ?? null
}

const answer = (part: Partial<AutopayAnswer>, status = 200) =>
  data<AutopayAnswer>({ confirm: null, formError: null, amount: null, ...part }, { status })

/** The verification amount as typed ("3.47", "₱3.47"), or null. */
export function readVerificationAmount(typed: string): string | null {
  const plain = typed.replace(/[₱\s]/g, '')
  return /^\d{1,3}(\.\d{1,2})?$/.test(plain) ? plain : null
}

export async function autopayAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const chosen = chooseAccount(me.claims, String(form.get('account') ?? ''))
  if (chosen.kind !== 'own') return answer({ formError: NOT_AUTHORIZED }, 403)
  const { accountNumber } = chosen
  const intent = String(form.get('intent') ?? '')
  const returnPath = pagePath(accountNumber)

  switch (intent) {
    case 'confirm-change-card':
      return answer({ confirm: 'change-card' })
    case 'confirm-cancel':
      return answer({ confirm: 'cancel' })
    case 'enrol':
    case 'change-card': {
      const started = await me.call((upstream, token) =>
        intent === 'enrol'
          ? upstream.autopay.enrol(token, accountNumber, { returnPath })
          : upstream.autopay.changeCard(token, accountNumber, { returnPath }),
      )
      if (!started.ok) return failure(started.error, TEXT.setUpFailed)
      if (!started.value.cardFormUrl) return redirect(returnPath)
      return redirectDocument(started.value.cardFormUrl)
    }
    case 'verify':
      return verify(
        me,
        accountNumber,
        String(form.get('amount') ?? '')
          .trim()
          .slice(0, 20),
        visit,
        returnPath,
      )
    case 'cancel': {
      const cancelled = await me.call((upstream, token) => upstream.autopay.cancel(token, accountNumber))
      if (!cancelled.ok) return failure(cancelled.error, TEXT.unableToCancel)
      const after = cancelled.value.effectiveAfter
      return redirectWithToast(visit.config, returnPath, {
        kind: 'success',
        message: after ? TEXT.cancellingDetail(formatDate(after, 'date')) : TEXT.cancelledNow,
      })
    }
    default:
      return redirect(returnPath)
  }
}

/** spec 8's message for the step; a 4xx's own words when it says more (already set up, tries left). */
function failure(error: UpstreamError, message: string) {
  const own = rejectedMessage(error)
  return answer({ formError: own && own !== message ? `${message} ${own}` : message }, error.status ?? 503)
}

async function verify(me: UserCaller, accountNumber: string, typed: string, visit: Visit, returnPath: string) {
  const amount = readVerificationAmount(typed)
  if (typed === '') return answer({ amount: { value: typed, errors: [TEXT.verifyRequired] } }, 422)
  if (amount === null) return answer({ amount: { value: typed, errors: [TEXT.verifyInvalid] } }, 422)
  const verified = await me.call((upstream, token) => upstream.autopay.verify(token, accountNumber, amount))
  if (verified.ok) return redirectWithToast(visit.config, returnPath, { kind: 'success', message: TEXT.setUpDone })
  const { error } = verified
  const fieldErrors = error.kind === 'rejected' ? error.fields?.amount : undefined
  if (fieldErrors?.length) return answer({ amount: { value: typed, errors: fieldErrors } }, 422)
  // enrolment_void (the third wrong amount) and the like: the page now shows why, in its state.
  return answer({ formError: rejectedMessage(error) ?? TEXT.setUpFailed }, error.status ?? 503)
}
