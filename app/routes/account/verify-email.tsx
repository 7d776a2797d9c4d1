/**
 * spec 2: /verifyEmail/{id}, the link in the verification email; spec 4: verified or failed.
 * The GET only shows a button: mail scanners and link previews fetch GET links on their
 * own, and would spend the one-time token before the person ever clicks. The POST from
 * the button verifies (docs/decisions/0009-verify-on-post.md).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { looksLikeLinkToken, verifyEmail } from '~/features/account/account.server'
import { AccountPage, LoginLink } from '~/features/account/account-page'
import { ResendForm, VerifyEmailForm } from '~/features/account/forms'
import { ResendSchema } from '~/features/account/schemas'
import { TEXT } from '~/features/account/texts'
import { pageMeta } from '~/ui/page-meta'
import { formConstraint } from '~/utils/form.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.verifyHeading, TEXT.verifyBody),
  { name: 'robots', content: 'noindex' },
]

// The URL holds a live token: no cache may keep the page.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ params }: LoaderFunctionArgs) {
  // A malformed link cannot be verified: say so now rather than after a click.
  return {
    state: looksLikeLinkToken(params.token) ? ('ready' as const) : ('failed' as const),
    // For the resend form of the failed page, which the POST can show too.
    resendConstraint: formConstraint(ResendSchema),
  }
}

export async function action({ params, context }: ActionFunctionArgs) {
  const state = await verifyEmail(context, params.token)
  return data({ state }, { status: state === 'verified' ? 200 : 400 })
}

export default function VerifyEmail() {
  const loaded = useLoaderData<typeof loader>()
  const state = useActionData<typeof action>()?.state ?? loaded.state
  if (state === 'verified') {
    return (
      <AccountPage heading={TEXT.verifiedHeading}>
        <p role="status">{TEXT.verifiedBody}</p>
        <LoginLink />
      </AccountPage>
    )
  }
  if (state === 'failed') {
    return (
      <AccountPage heading={TEXT.verifyFailedHeading}>
        <p role="alert">{TEXT.verifyFailedBody}</p>
        <ResendForm lastResult={undefined} constraint={loaded.resendConstraint} />
      </AccountPage>
    )
  }
  return (
    <AccountPage heading={TEXT.verifyHeading}>
      <p>{TEXT.verifyBody}</p>
      <VerifyEmailForm />
    </AccountPage>
  )
}
