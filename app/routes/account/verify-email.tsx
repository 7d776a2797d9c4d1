/**
 * spec 2: /verifyEmail/{id}, the link in the verification email; spec 4: verified or failed.
 * The GET only shows a button: mail scanners and link previews fetch GET links on their
 * own, and would spend the one-time token before the person ever clicks. The POST from
 * the button verifies (docs/decisions/0009-verify-on-post.md).
 */
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { looksLikeLinkToken, verifyEmail } from '~/features/account/account.server'
import { AccountPage, LoginLink } from '~/features/account/account-page'
import { ResendForm, VerifyEmailForm } from '~/features/account/forms'
import { ResendSchema } from '~/features/account/schemas'
import { TEXT } from '~/features/account/texts'
import { verificationRoute } from '~/features/application-status/verification'
import { verifyApplicationEmail } from '~/features/application-status/verify-email.server'
import { APP_VERIFY_TEXT as APP_TEXT } from '~/features/application-status/verify-email-texts'
import { Button } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { LINK_TOKEN_PATTERN } from '../../../lib/application-status-words'
import { formConstraint } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.verifyHeading, TEXT.verifyBody),
  { name: 'robots', content: 'noindex' },
]

// The URL holds a live token: no cache may keep the page.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ params }: LoaderFunctionArgs) {
  const target = verificationRoute(params.token)
  if (target.service === 'application') {
    return {
      service: 'application' as const,
      state: LINK_TOKEN_PATTERN.test(target.token) ? ('ready' as const) : ('failed' as const),
      resendConstraint: formConstraint(ResendSchema),
    }
  }
  // A malformed link cannot be verified: say so now rather than after a click.
  return {
    service: 'registration' as const,
    state: looksLikeLinkToken(params.token) ? ('ready' as const) : ('failed' as const),
    // For the resend form of the failed page, which the POST can show too.
    resendConstraint: formConstraint(ResendSchema),
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const target = verificationRoute(params.token)
  if (target.service === 'application') {
    const outcome = await verifyApplicationEmail(visitOf(request, context), target.kind, target.token)
    return data(
      { state: outcome.state, referenceNo: outcome.state === 'verified' ? outcome.referenceNo : null },
      { status: outcome.state === 'verified' ? 200 : 400 },
    )
  }
  const state = await verifyEmail(visitOf(request, context), params.token)
  return data({ state }, { status: state === 'verified' ? 200 : 400 })
}

export default function VerifyEmail() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const state = acted?.state ?? loaded.state
  if (loaded.service === 'application') {
    if (state === 'verified') {
      return (
        <AccountPage heading={APP_TEXT.appVerifiedHeading}>
          <p role="status">
            {APP_TEXT.appVerifiedBody(acted && 'referenceNo' in acted ? String(acted.referenceNo ?? '') : '')}
          </p>
        </AccountPage>
      )
    }
    if (state === 'failed') {
      return (
        <AccountPage heading={APP_TEXT.appVerifyFailedHeading}>
          <p role="alert">{APP_TEXT.appVerifyFailedBody}</p>
        </AccountPage>
      )
    }
    return (
      <AccountPage heading={APP_TEXT.appVerifyHeading}>
        <p>{APP_TEXT.appVerifyBody}</p>
        <Form method="post">
          <Button type="submit">{APP_TEXT.appVerifyButton}</Button>
        </Form>
      </AccountPage>
    )
  }
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
