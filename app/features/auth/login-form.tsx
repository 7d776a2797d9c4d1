import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'

// import(): the schema, and zod with it, stay out of the page's first JS.
const loginSchema = () => import('./schemas').then((module) => module.LoginSchema)

type LoginFormProps = { lastResult?: SubmissionResult<string[]>; constraint: FormConstraint; loginHint: string | null }

export function LoginForm({ lastResult, constraint, loginHint }: LoginFormProps) {
  const [form, fields] = useSchemaForm({
    id: 'login',
    lastResult,
    constraint,
    defaultValue: { email: loginHint ?? '' },
    loadSchema: loginSchema,
  })
  return (
    // A full page post: the provider's redirect that follows belongs to the whole page,
    // and the form works the same without JavaScript.
    <Form method="post" reloadDocument {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field
        label="Email address"
        field={fields.email}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'username' }}
      />
      <Field
        label="Password"
        field={fields.password}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
      />
      <AppLink to="/forgot-password" className="self-start text-sm font-semibold underline">
        Forgot password?
      </AppLink>
      <Button type="submit">Login</Button>
    </Form>
  )
}
