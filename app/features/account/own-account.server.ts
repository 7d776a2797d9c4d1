/**
 * A signed-in user's own account settings (spec 2 /get-started, spec 3, spec 4): link and
 * unlink account numbers, choose the default one, and dismiss the welcome banner and the
 * registration-success popup. Each is one upstream call with the user's access token,
 * then new tokens so the claims say what changed (app/auth/session.server.ts).
 *
 * docs/security.md, Authorisation: an account number from a form is acted on only when the
 * user's token lists it; the upstream checks the same against the token it receives.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { AccountNumberSchema, LinkAccountSchema } from '../../../lib/identity-schemas'
import { NOT_AUTHORIZED } from '~/auth/guard'
import { isSales, userKind } from '~/auth/roles'
import type { Config } from '../../../lib/env'
import { getAccessToken, renewTokens, requireClaims, type User } from '~/auth/session.server'
import type { IdTokenClaims } from '~/auth/id-token.server'
import { serializeToast, type Toast } from '~/features/shell/toast.server'
import { isUpstreamError } from '~/upstream/errors'
import { upstreamFor } from '~/upstream/index.server'
import { readForm } from '~/utils/form.server'
import { failureReply } from './account.server'
import { defaultAccountNumber } from './accounts'
import { INTENT } from './own-account-intents'
import { OWN_ACCOUNT_TEXT as TEXT } from './own-account-texts'

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
function accountToConfirm(request: Request, accountNumbers: readonly string[]): string | null {
  const position = new URL(request.url).searchParams.get('unlink')
  return position && /^[1-9]\d{0,2}$/.test(position) ? (accountNumbers[Number(position) - 1] ?? null) : null
}

/** What LinkedAccounts shows, from the ID token's claims (spec 3: the default account). */
export function linkedAccountsView(request: Request, claims: IdTokenClaims) {
  const accountNumbers = claims.accountNumber ?? []
  return {
    accountNumbers,
    defaultAccountNumber: defaultAccountNumber(accountNumbers, claims.activeAccountNumber),
    confirmUnlink: accountToConfirm(request, accountNumbers),
  }
}

const IntentSchema = z.enum(INTENT)

async function toastRedirect(context: AppLoadContext, to: string, toast: Toast) {
  return redirect(to, { headers: { 'set-cookie': await serializeToast(context.config, toast) } })
}

/**
 * The action behind every own-account form. Answers a redirect with a toast (the change
 * is visible on the next page, with or without JavaScript), or the link form's result
 * with the typed number and its error beside the field.
 */
export async function ownAccountAction(request: Request, context: AppLoadContext, here: string) {
  const form = await readForm(request)
  const intent = IntentSchema.safeParse(form.get('intent'))
  if (!intent.success) return toastRedirect(context, here, { kind: 'error', message: TEXT.unknownAction })

  const claims = await requireClaims(request, context)
  const linked = claims.accountNumber ?? []
  const kindBefore = userKind(claims.realm_access?.roles ?? [])
  // Linking a first account makes an applicant a customer, unlinking the last one the
  // reverse: then the page to show next is the user's new home.
  const nextPage = (user: User) => (user.kind === kindBefore ? here : user.home)
  const identity = upstreamFor(context).identity
  const accessToken = await getAccessToken(request, context)

  if (intent.data === INTENT.link) {
    if (!mayLinkAccounts({ kind: kindBefore }, context.config)) return toastRedirect(context, here, { kind: 'error', message: NOT_AUTHORIZED })
    const submission = parseWithZod(form, { schema: LinkAccountSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    const { accountNumber } = submission.value
    if (linked.includes(accountNumber)) {
      return data({ result: submission.reply({ fieldErrors: { accountNumber: [TEXT.alreadyLinked] } }) }, { status: 400 })
    }
    try {
      await identity.linkAccount(accessToken, accountNumber)
    } catch (error) {
      const failure = failureReply(error, submission)
      return data({ result: failure.result }, { status: failure.status })
    }
    const user = await renewTokens(request, context)
    return toastRedirect(context, nextPage(user), { kind: 'success', message: TEXT.linked(accountNumber) })
  }

  if (intent.data === INTENT.unlink || intent.data === INTENT.makeDefault) {
    const accountNumber = AccountNumberSchema.safeParse(form.get('accountNumber'))
    if (!accountNumber.success || !linked.includes(accountNumber.data)) {
      return toastRedirect(context, here, { kind: 'error', message: NOT_AUTHORIZED })
    }
    try {
      if (intent.data === INTENT.unlink) await identity.unlinkAccount(accessToken, accountNumber.data)
      else await identity.updateAttributes(accessToken, { activeAccountNumber: accountNumber.data })
    } catch (error) {
      if (!isUpstreamError(error)) throw error
      const message = intent.data === INTENT.unlink ? TEXT.unlinkFailed : TEXT.defaultFailed
      return toastRedirect(context, here, { kind: 'error', message: error.kind === 'unavailable' ? TEXT.unavailable : message })
    }
    const user = await renewTokens(request, context)
    return intent.data === INTENT.unlink
      ? toastRedirect(context, nextPage(user), { kind: 'success', message: TEXT.unlinked(accountNumber.data) })
      : toastRedirect(context, here, { kind: 'success', message: TEXT.defaultChanged(accountNumber.data) })
  }

  // The two dismissals: the flag goes false for good (spec 4).
  const update = intent.data === INTENT.dismissWelcome ? { displayWelcomeBanner: false } : { displaySuccessRegistration: false }
  try {
    await identity.updateAttributes(accessToken, update)
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    return toastRedirect(context, here, { kind: 'error', message: TEXT.unavailable })
  }
  await renewTokens(request, context)
  return redirect(here)
}
