/** spec 4, Registration: email sent (link expires in 10 minutes), resend. */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { registrationEmail, resendActivation } from '~/features/account/account.server'
import { AccountPage, Notice } from '~/features/account/account-page'
import { ResendForm } from '~/features/account/forms'
import { ResendSchema } from '~/features/account/schemas'
import { TEXT } from '~/features/account/texts'
import { pageMeta } from '~/ui/page-meta'
import { formConstraint, parseWithZod, readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.sentHeading, TEXT.sentBody),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

// Not behind the register flag: people who registered before it was turned off may
// still need a new link.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { email: await registrationEmail(request, context.config), constraint: formConstraint(ResendSchema) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResendSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), resent: false }, { status: 400 })
  const failure = await resendActivation(visitOf(request, context), submission)
  if (failure) return data({ result: failure.result, resent: false }, { status: failure.status })
  return { result: submission.reply(), resent: true }
}

export default function RegisterSent() {
  const { email, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AccountPage heading={TEXT.sentHeading}>
      <p>{TEXT.sentBody}</p>
      {email ? (
        <p>
          We sent it to <strong>{email}</strong>.
        </p>
      ) : null}
      {actionData?.resent ? <Notice>{TEXT.resent}</Notice> : null}
      <h2 className="text-lg font-semibold">Resend the email</h2>
      <p className="text-slate-600 dark:text-slate-300">{TEXT.resendIntro}</p>
      <ResendForm lastResult={actionData?.result} constraint={constraint} defaultEmail={email} />
    </AccountPage>
  )
}
