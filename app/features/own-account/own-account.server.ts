/**
 * A signed-in user's own account settings (spec 2 /get-started, spec 3, spec 4): link
 * account numbers by proving ownership with a one-time code (spec 7 OTP; docs/decisions/0034),
 * unlink them, choose the default one, and dismiss the welcome banner and the
 * registration-success popup. Each is one upstream call as the user, after which the
 * claims say what changed (app/auth/as-user.server.ts).
 *
 * docs/security.md, Access control: an account number from a form is acted on only when the
 * user's token lists it; the upstream checks the same against the token it receives.
 */
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { AccountNumberSchema, LinkAccountSchema, OtpChannelSchema, OtpCodeSchema } from '../../../lib/identity-schemas'
import type { PendingProof } from '~/upstream/otp.server'
import { formatDate } from '../../../lib/dates'
import { NOT_AUTHORIZED } from '~/auth/guard'
import { isSales, userKind } from '~/auth/roles'
import type { Config } from '../../../lib/env'
import type { IdTokenClaims } from '~/auth/id-token.server'
import { failureReply, parseWithZod } from '~/utils/form.server'
import { redirectWithToast, type Toast } from '~/utils/toast.server'
import type { UserCaller } from '~/visit/call.server'
import type { User, Visit } from '~/visit/visit.server'
import { defaultAccountNumber } from './accounts'
import { INTENT } from './intents'
import { OWN_ACCOUNT_TEXT as TEXT } from './texts'

/** spec 4: the welcome banner is for customers (customer plus base role, no sales role) until they close it. */
export function showsWelcomeBanner(claims: IdTokenClaims): boolean {
  const roles = claims.realm_access?.roles ?? []
  return userKind(roles) === 'customer' && !isSales(roles) && claims.displayWelcomeBanner !== false
}

/** spec 4: the registration-success popup is for users with the first role only (applicants) until they close it. */
export function showsRegistrationSuccess(claims: IdTokenClaims): boolean {
  return userKind(claims.realm_access?.roles ?? []) === 'applicant' && claims.displaySuccessRegistration !== false
}

/** spec 9 accountMgmtEnabled: customers link further accounts only with it on; applicants always link their first. */
export function mayLinkAccounts(user: Pick<User, 'kind'>, config: Config): boolean {
  return user.kind !== 'customer' || config.ACCOUNT_MGMT_ENABLED
}

/** ?unlink=N asks about the Nth account in the list (1-based); anything else asks nothing. */
function accountToConfirm(url: URL, accountNumbers: readonly string[]): string | null {
  const position = url.searchParams.get('unlink')
  return position && /^[1-9]\d{0,2}$/.test(position) ? (accountNumbers[Number(position) - 1] ?? null) : null
}

/**
 * What LinkedAccounts shows, from the ID token's claims (spec 3: the default account).
 * Proven links first; links awaiting proof ('needs verification') after them, never the default.
 */
export function linkedAccountsView(url: URL, claims: IdTokenClaims) {
  const accountNumbers = claims.accountNumber ?? []
  const unverifiedAccountNumbers = claims.unverifiedAccountNumber ?? []
  return {
    accountNumbers,
    unverifiedAccountNumbers,
    defaultAccountNumber: defaultAccountNumber(accountNumbers, claims.activeAccountNumber),
    confirmUnlink: accountToConfirm(url, [...accountNumbers, ...unverifiedAccountNumbers]),
  }
}

/** The page where the ownership proof runs (its steps are shown from the upstream's state). */
export const PROOF_PAGE = '/get-started'

/**
 * The user's ownership proof under way, kept upstream keyed to them (never in a URL or a
 * cookie): the account, its masked contacts and the code's state; null when none, or when
 * the upstream cannot say (the page then shows the plain link form).
 */
/** The proof under way, with the code's expiry already written out (the page ships words, not a formatter). */
export type ProofView = Omit<PendingProof, 'code'> & {
  code: (NonNullable<PendingProof['code']> & { expiresAtLabel: string }) | null
}

export async function ownershipProof(me: UserCaller): Promise<ProofView | null> {
  const pending = await me.call((upstream, token) => upstream.otp.pending(token))
  if (!pending.ok || !pending.value) return null
  const { code } = pending.value
  return { ...pending.value, code: code ? { ...code, expiresAtLabel: formatDate(code.expiresAt, 'time') } : null }
}

const IntentSchema = z.enum(INTENT)

/** The link form's schema for this user: a number their token already lists is refused beside the field. */
function linkSchema(linked: readonly string[]) {
  return LinkAccountSchema.refine(({ accountNumber }) => !linked.includes(accountNumber), {
    message: TEXT.alreadyLinked,
    path: ['accountNumber'],
  })
}

const SendCodeSchema = z.object({ channel: OtpChannelSchema })
const VerifyCodeSchema = z.object({ otp: OtpCodeSchema, emailHashValue: z.string().min(1).max(100) })

/** The posted account number when the user's token lists it, else null. */
function listedAccount(form: FormData, linked: readonly string[]): string | null {
  const accountNumber = AccountNumberSchema.safeParse(form.get('accountNumber'))
  return accountNumber.success && linked.includes(accountNumber.data) ? accountNumber.data : null
}

// The calls below change the user's attributes: the claims are renewed after them.
const CHANGES_ATTRIBUTES = { changesAttributes: true }

/**
 * The action behind every own-account form, one call as the user per intent. Answers a
 * redirect with a toast (the change is visible on the next page, with or without
 * JavaScript), or the link form's result with the typed number and its error beside the
 * field.
 */
export async function ownAccountAction(visit: Visit, me: UserCaller, form: FormData, here: string) {
  const linked = me.claims.accountNumber ?? []
  const toast = (to: string, kind: Toast['kind'], message: string) =>
    redirectWithToast(visit.config, to, { kind, message })
  // Linking a first account makes an applicant a customer, unlinking the last one the
  // reverse: then the page to show next is the user's new home.
  const nextPage = (user: User) => (user.kind === me.user.kind ? here : user.home)

  const intent = IntentSchema.safeParse(form.get('intent'))
  switch (intent.data) {
    case INTENT.link: {
      // Step 1 of the ownership proof: the number typed. Nothing is linked until the code
      // sent to the account's registered contact comes back (docs/security.md, Ownership proof).
      if (!mayLinkAccounts(me.user, visit.config)) return toast(here, 'error', NOT_AUTHORIZED)
      const submission = parseWithZod(form, { schema: linkSchema(linked) })
      if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
      const started = await me.call((upstream, token) => upstream.otp.start(token, submission.value.accountNumber))
      if (started.ok) return redirect(PROOF_PAGE)
      const failure = failureReply(started.error, submission)
      return data({ result: failure.result }, { status: failure.status })
    }
    case INTENT.prove: {
      // A link awaiting proof (registered with, or linked before the proof existed).
      const accountNumber = listedAccount(form, me.claims.unverifiedAccountNumber ?? [])
      if (!accountNumber) return toast(here, 'error', NOT_AUTHORIZED)
      const started = await me.call((upstream, token) => upstream.otp.start(token, accountNumber))
      if (started.ok) return redirect(PROOF_PAGE)
      return toast(here, 'error', started.message)
    }
    case INTENT.sendCode: {
      const submission = parseWithZod(form, { schema: SendCodeSchema })
      if (submission.status !== 'success') return data({ sendResult: submission.reply() }, { status: 400 })
      const sent = await me.call((upstream, token) => upstream.otp.send(token, submission.value.channel))
      if (sent.ok) {
        const to = sent.value.code?.maskedDestination ?? ''
        return toast(PROOF_PAGE, 'success', TEXT.codeSent(to))
      }
      const failure = failureReply(sent.error, submission)
      return data({ sendResult: failure.result }, { status: failure.status })
    }
    case INTENT.verifyCode: {
      const submission = parseWithZod(form, { schema: VerifyCodeSchema })
      // The code is never sent back to the page, right or wrong.
      const hideFields = ['otp']
      if (submission.status !== 'success')
        return data({ verifyResult: submission.reply({ hideFields }) }, { status: 400 })
      const { otp, emailHashValue } = submission.value
      const done = await me.call(
        (upstream, token) => upstream.otp.verify(token, otp, emailHashValue),
        CHANGES_ATTRIBUTES,
      )
      if (done.ok) {
        const proven = done.value.accountNumber.find((number) => !linked.includes(number)) ?? ''
        return toast(nextPage(done.user), 'success', TEXT.linked(proven))
      }
      const failure = failureReply(done.error, submission, { hideFields })
      return data({ verifyResult: failure.result }, { status: failure.status })
    }
    case INTENT.cancelProof: {
      const cancelled = await me.call((upstream, token) => upstream.otp.cancel(token))
      return cancelled.ok ? redirect(here) : toast(here, 'error', cancelled.message)
    }
    case INTENT.unlink: {
      // Proven or not: a link awaiting proof can be removed too.
      const accountNumber = listedAccount(form, [...linked, ...(me.claims.unverifiedAccountNumber ?? [])])
      if (!accountNumber) return toast(here, 'error', NOT_AUTHORIZED)
      const done = await me.call(
        (upstream, token) => upstream.identity.unlinkAccount(token, accountNumber),
        CHANGES_ATTRIBUTES,
      )
      if (done.ok) return toast(nextPage(done.user), 'success', TEXT.unlinked(accountNumber))
      return toast(here, 'error', done.error.kind === 'unavailable' ? done.message : TEXT.unlinkFailed)
    }
    case INTENT.makeDefault: {
      const accountNumber = listedAccount(form, linked)
      if (!accountNumber) return toast(here, 'error', NOT_AUTHORIZED)
      const done = await me.call(
        (upstream, token) => upstream.identity.updateAttributes(token, { activeAccountNumber: accountNumber }),
        CHANGES_ATTRIBUTES,
      )
      if (done.ok) return toast(here, 'success', TEXT.defaultChanged(accountNumber))
      return toast(here, 'error', done.error.kind === 'unavailable' ? done.message : TEXT.defaultFailed)
    }
    case INTENT.dismissWelcome:
    case INTENT.dismissRegistrationSuccess: {
      // spec 4: the flag goes false for good.
      const flag =
        intent.data === INTENT.dismissWelcome ? { displayWelcomeBanner: false } : { displaySuccessRegistration: false }
      const done = await me.call(
        (upstream, token) => upstream.identity.updateAttributes(token, flag),
        CHANGES_ATTRIBUTES,
      )
      return done.ok ? redirect(here) : toast(here, 'error', done.message)
    }
    default:
      return toast(here, 'error', TEXT.unknownAction)
  }
}
