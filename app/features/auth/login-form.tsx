import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { LoginSchema } from './schemas'

export function LoginForm({ lastResult, loginHint }: { lastResult?: SubmissionResult<string[]>; loginHint: string | null }) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { email: loginHint ?? '' },
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: 'onBlur',
  })
  return (
    // A full page post: the provider's redirect that follows belongs to the whole page,
    // and the form works the same without JavaScript.
    <Form method="post" reloadDocument {...getFormProps(form)} className="flex flex-col gap-4">
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {form.errors.join(' ')}
        </p>
      ) : null}
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
      <Button type="submit">LOG IN</Button>
    </Form>
  )
}
