/**
 * Password reset, step 2 (spec 3: newPassword, accessToken): the link from the email.
 * The GET shows the form and spends nothing; the POST uses the one-time token.
 */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { looksLikeLinkToken, PASSWORD_FIELDS, resetPassword } from '~/features/account/account.server'
import { AccountPage, LoginLink } from '~/features/account/account-page'
import { ResetPasswordForm } from '~/features/account/forms'
import { ResetPasswordSchema } from '~/features/account/schemas'
import { TEXT } from '~/features/account/texts'
import { ButtonLink } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { formConstraint, parseWithZod, readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.resetHeading, TEXT.resetHeading),
  { name: 'robots', content: 'noindex' },
]

// The URL holds a live token and the page a password form: no cache may keep it.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ params }: LoaderFunctionArgs) {
  return {
    state: looksLikeLinkToken(params.token) ? ('form' as const) : ('failed' as const),
    constraint: formConstraint(ResetPasswordSchema),
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema })
  if (submission.status !== 'success') {
    return data({ state: 'form' as const, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 })
  }
  const outcome = await resetPassword(visitOf(request, context), params.token, submission)
  if (outcome.state === 'form')
    return data({ state: 'form' as const, result: outcome.failure.result }, { status: outcome.failure.status })
  return data({ state: outcome.state, result: undefined }, { status: outcome.state === 'done' ? 200 : 400 })
}

export default function ResetPassword() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const state = actionData?.state ?? loaded.state
  if (state === 'done') {
    return (
      <AccountPage heading={TEXT.resetDoneHeading}>
        <p role="status">{TEXT.resetDoneBody}</p>
        <LoginLink />
      </AccountPage>
    )
  }
  if (state === 'failed') {
    return (
      <AccountPage heading={TEXT.resetFailedHeading}>
        <p role="alert">{TEXT.resetFailedBody}</p>
        <ButtonLink to="/forgot-password">REQUEST A NEW LINK</ButtonLink>
      </AccountPage>
    )
  }
  return (
    <AccountPage heading={TEXT.resetHeading}>
      <ResetPasswordForm lastResult={actionData?.result} constraint={loaded.constraint} />
    </AccountPage>
  )
}
