/**
 * The guided tour's server side (spec 4; issue 11 item 8): whether to offer it, and its one
 * action, which writes displayCoachmarks through the attributes call. Subscribers only
 * (spec 6: welcome banner and tour for customer plus base role only).
 *   intent=start    Start Tour: displayCoachmarks true; with JavaScript (mode=coachmarks) the
 *                   coachmarks start at /customer?tour=0, without it the plain page.
 *   intent=decline  YES to "skip the tour?": displayCoachmarks false.
 *   intent=end      Skip Tour, End Tour, or DONE on the plain page: displayCoachmarks false,
 *                   back to the page the tour was on.
 */
import { redirect } from 'react-router'
import type { IdTokenClaims } from '~/auth/id-token.server'
import { isSales, ROLE, userKind } from '~/auth/roles'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import { safeRedirect } from '~/utils/safe-redirect'
import { redirectWithToast } from '~/utils/toast.server'
import type { UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { pageOfStep, parseStep } from './steps'
import { TOUR_TEXT as TEXT } from './texts'

export const TOUR_PAGE = '/customer/tour'

/** spec 4, 6: the tour is for subscribers (no sales role) while displayCoachmarks is not false. */
export function showsTourPrompt(claims: IdTokenClaims): boolean {
  const roles = claims.realm_access?.roles ?? []
  return userKind(roles) === 'customer' && !isSales(roles) && claims.displayCoachmarks !== false
}

/** The prompt on the dashboard: offered, and not closed with NO for this visit (?tourPrompt=closed). */
export function tourPromptShown(request: Request, claims: IdTokenClaims): boolean {
  const query = new URL(request.url).searchParams
  return showsTourPrompt(claims) && query.get('tourPrompt') !== 'closed' && !query.has('tour')
}

/**
 * /customer/tour?step=N: where the coachmarks continue after a Next that changes page. The
 * server knows the default account (spec 3) for the pay page, so the browser never carries
 * the account number. Null: no step asked, show the page.
 */
export function tourStepRedirect(request: Request, claims: IdTokenClaims): Response | null {
  const step = parseStep(new URL(request.url).searchParams.get('step'))
  if (step === null) return null
  const account = defaultAccountNumber(claims.accountNumber ?? [], claims.activeAccountNumber)
  return redirect(`${pageOfStep(step, account ?? '')}?tour=${step}`)
}

const INTENTS = ['start', 'decline', 'end'] as const

export async function tourAction(visit: Visit, form: FormData) {
  const me = await visit.signedIn({ roles: [ROLE.customer] })
  const intent = INTENTS.find((candidate) => candidate === form.get('intent'))
  const back = safeRedirect(form.get('back'), '/customer')
  if (!intent || !showsTourPromptFor(me)) return redirect(back)
  const displayCoachmarks = intent === 'start'
  const done = await me.call((upstream, token) => upstream.identity.updateAttributes(token, { displayCoachmarks }), {
    changesAttributes: true,
  })
  if (!done.ok) return redirectWithToast(visit.config, back, { kind: 'error', message: done.message })
  if (intent === 'start')
    return form.get('mode') === 'coachmarks'
      ? redirect('/customer?tour=0')
      : redirectWithToast(visit.config, TOUR_PAGE, { kind: 'info', message: TEXT.needsScript })
  if (intent === 'decline') return redirectWithToast(visit.config, back, { kind: 'info', message: TEXT.tourOff })
  return redirect(back)
}

/** Subscribers only, whatever the flag says (the flag is what the action changes). */
function showsTourPromptFor(me: UserCaller): boolean {
  const roles = me.claims.realm_access?.roles ?? []
  return userKind(roles) === 'customer' && !isSales(roles)
}
