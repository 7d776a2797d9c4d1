/** spec 2: /register, only when the register flag is the string 'true'; spec 3: the registration body. */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from 'react-router'
import {
  PASSWORD_FIELDS,
  register,
  rememberRegistrationEmail,
  requireRegistrationEnabled,
} from '~/features/account/account.server'
import { AccountPage } from '~/features/account/account-page'
import { RegisterForm } from '~/features/account/forms'
import { RegisterSchema } from '~/features/account/schemas'
import { AppLink } from '~/ui/app-link'
import { pageMeta } from '~/ui/page-meta'
import { useUnsavedWarning } from '~/ui/unsaved-warning'
import { formConstraint, parseWithZod, readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Register', 'Create your account to manage your fibre subscription.')

// A password form: never kept by a cache.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ context }: LoaderFunctionArgs) {
  requireRegistrationEnabled(context.config)
  return { constraint: formConstraint(RegisterSchema) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireRegistrationEnabled(context.config)
  const submission = parseWithZod(await readForm(request), { schema: RegisterSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 })
  const outcome = await register(visitOf(request, context), submission)
  if ('result' in outcome) return data({ result: outcome.result }, { status: outcome.status })
  return redirect('/register/sent', {
    headers: { 'set-cookie': await rememberRegistrationEmail(context.config, outcome.email) },
  })
}

export default function Register() {
  // spec 4: leaving the form with details typed and not sent warns (RegisterForm's id).
  useUnsavedWarning('register')
  const { constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AccountPage heading="Register">
      <p className="text-slate-600 dark:text-slate-300">
        Create your account with your 13-digit account number. We will email you a link to verify your email address.
      </p>
      <RegisterForm lastResult={actionData?.result} constraint={constraint} />
      <p className="text-sm">
        Already registered?{' '}
        <a href="/login" className="font-semibold underline">
          Login
        </a>
        .{' '}
        <AppLink to="/forgot-password" className="font-semibold underline">
          Forgot password?
        </AppLink>
      </p>
    </AccountPage>
  )
}
