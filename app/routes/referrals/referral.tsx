/**
 * /referral (spec 2; issue 15): both programmes explained, no login needed. Opened from a
 * subscriber's invite link (?invite=), it says who invited the visitor (first name only)
 * and CHECK AVAILABILITY carries the invite into their draft.
 */
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { WINBACK_PAGE_PATH } from '~/features/referrals/paths'
import { REFERRALS_TEXT as TEXT } from '~/features/referrals/texts'
import { useRootData } from '~/root-data'
import { acceptInvite, inviteOf, type InviteView } from '~/features/referrals/winback.server'
import { Button, ButtonLink } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { useIsPending } from '~/utils/use-is-pending'
import { formatPesos } from '../../../lib/pesos'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

// Only this page says these (REFERRALS_TEXT is shared by /get-started, at the JS budget's edge).
const SIGNED_IN_TEXT = {
  customerAction: 'REFER A FRIEND',
  // Signed in without a subscription (an applicant, an operator): nothing to log in to.
  notSubscriber: 'Refer and Earn opens in your account once your fibre is installed.',
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.publicTitle, TEXT.publicDescription)

// The invite code is in this page's URL: never cached. Other sites never see it as a referrer: the
// portal's strict-origin-when-cross-origin sends them the origin only (no-referrer here would make
// the browser post this page's form with Origin: null, which the portal refuses).
export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context }: LoaderFunctionArgs) {
  const invite = await inviteOf(visitOf(request, context), new URL(request.url).searchParams.get('invite'))
  return { invite, reward: formatPesos(context.config.REFERRAL_REWARD_PESOS) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return acceptInvite(visitOf(request, context), await readForm(request))
}

function Invited({ invite }: { invite: InviteView }) {
  const busy = useIsPending()
  if (invite.kind === 'none') return null
  if (invite.kind !== 'invited')
    return (
      <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {invite.kind === 'failed' ? TEXT.inviteFailed : TEXT.inviteUnknown}
      </p>
    )
  return (
    <section
      aria-labelledby="invited-heading"
      className="flex flex-col gap-3 rounded-lg border border-brand-600 p-4"
      data-testid="invited"
    >
      <h2 id="invited-heading" className="text-xl font-bold">
        {TEXT.invitedHeading(invite.referrerFirstName)}
      </h2>
      <p>{TEXT.invitedBody}</p>
      <Form method="post">
        <input type="hidden" name="invite" value={invite.code} />
        <Button type="submit" disabled={busy}>
          {TEXT.invitedAction}
        </Button>
      </Form>
    </section>
  )
}

export default function Referral() {
  const { invite, reward } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const user = useRootData()?.user
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.publicHeading}</h1>
      <Invited invite={answer?.invite ?? invite} />
      <section aria-labelledby="refer-heading" className="flex flex-col items-start gap-2">
        <h2 id="refer-heading" className="text-xl font-bold">
          {TEXT.referAndEarnHeading}
        </h2>
        <p>{TEXT.referAndEarnBody(reward)}</p>
        {/* Only a customer (or a visitor, who signs in first) can open it (issue 33: no door to nowhere). */}
        {user && user.kind !== 'customer' ? (
          <p className="font-semibold">{SIGNED_IN_TEXT.notSubscriber}</p>
        ) : (
          <ButtonLink to="/customer/referrals" variant="secondary">
            {user ? SIGNED_IN_TEXT.customerAction : TEXT.referAndEarnAction}
          </ButtonLink>
        )}
      </section>
      <section aria-labelledby="winback-heading" className="flex flex-col items-start gap-2">
        <h2 id="winback-heading" className="text-xl font-bold">
          {TEXT.winbackHeading}
        </h2>
        <p>{TEXT.winbackBody}</p>
        <ButtonLink to={WINBACK_PAGE_PATH} variant="secondary">
          {TEXT.winbackAction}
        </ButtonLink>
      </section>
    </section>
  )
}
