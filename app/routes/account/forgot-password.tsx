/** Password reset, step 1 (spec 3: email): the same answer whether or not the email has an account. */
import { type ActionFunctionArgs, data, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { requestPasswordReset } from '~/features/account/account.server'
import { AccountPage, Notice } from '~/features/account/account-page'
import { ForgotPasswordForm } from '~/features/account/forms'
import { ForgotPasswordSchema } from '~/features/account/schemas'
import { TEXT } from '~/features/account/texts'
import { pageMeta } from '~/ui/page-meta'
import { formConstraint, parseWithZod, readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Forgot password', TEXT.forgotBody)

export async function loader() {
  return { constraint: formConstraint(ForgotPasswordSchema) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), requested: false }, { status: 400 })
  const failure = await requestPasswordReset(visitOf(request, context), submission)
  if (failure) return data({ result: failure.result, requested: false }, { status: failure.status })
  return { result: submission.reply(), requested: true }
}

export default function ForgotPassword() {
  const { constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AccountPage heading={TEXT.forgotHeading}>
      <p>{TEXT.forgotBody}</p>
      {actionData?.requested ? <Notice>{TEXT.resetRequested}</Notice> : null}
      <ForgotPasswordForm lastResult={actionData?.result} constraint={constraint} />
    </AccountPage>
  )
}
