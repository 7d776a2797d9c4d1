/**
 * The account screens' forms. Each is a plain POST form that works without JavaScript;
 * with it, Conform validates with the same schema the server uses (STYLE.md, Forms).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { useRef, type ReactNode } from 'react'
import type { z } from 'zod'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { ForgotPasswordSchema, RegisterSchema, ResendSchema, ResetPasswordSchema } from './schemas'

type LastResult = SubmissionResult<string[]> | undefined

function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: S,
  lastResult: LastResult,
  defaultValue?: Partial<z.input<S>>,
) {
  return useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
}

function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {errors.join(' ')}
    </p>
  )
}

function SubmitButton({ children }: { children: ReactNode }) {
  // Without JS the browser shows its own progress; with JS, one click is one request.
  const busy = useNavigation().state === 'submitting'
  return (
    <Button type="submit" disabled={busy}>
      {children}
    </Button>
  )
}

/**
 * A number that changes with every new server reply. Password fields take it as their
 * key, so they remount empty after the server answered (it never sends passwords back,
 * as on the no-JS page), while the other fields keep what was typed and all errors show.
 */
function useReplyCount(lastResult: LastResult) {
  const seen = useRef({ result: lastResult, count: 0 })
  if (seen.current.result !== lastResult) seen.current = { result: lastResult, count: seen.current.count + 1 }
  return seen.current.count
}

export function RegisterForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm('register', RegisterSchema, lastResult)
  const reply = useReplyCount(lastResult)
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" field={fields.firstName} inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} />
        <Field label="Last name" field={fields.lastName} inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} />
      </div>
      <Field label="Email address" field={fields.email} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
      <Field
        label="Mobile number"
        prefix="+63"
        hint="10 digits starting with 8 or 9, e.g. 917 123 4567"
        field={fields.mobileNumber}
        // The schema also accepts spaces, brackets and a leading +63, so no pattern attribute.
        inputProps={{ ...getInputProps(fields.mobileNumber, { type: 'tel' }), pattern: undefined, autoComplete: 'tel-national', inputMode: 'numeric' }}
      />
      <Field
        label="Account number"
        hint="The 13-digit number on your bill"
        field={fields.accountNumber}
        inputProps={{ ...getInputProps(fields.accountNumber, { type: 'text' }), inputMode: 'numeric', autoComplete: 'off' }}
      />
      <Field key={`password-${reply}`} label="Password" hint="At least 8 characters, with a letter and a digit" field={fields.password} inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }} />
      <Field key={`confirm-${reply}`} label="Confirm password" field={fields.confirmPassword} inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }} />
      <SubmitButton>REGISTER</SubmitButton>
    </Form>
  )
}

/** Resend the verification link. Posts to /register/sent from any page that shows it. */
export function ResendForm({ lastResult, defaultEmail }: { lastResult: LastResult; defaultEmail?: string | null }) {
  const [form, fields] = useSchemaForm('resend', ResendSchema, lastResult, defaultEmail ? { email: defaultEmail } : undefined)
  return (
    <Form method="post" action="/register/sent" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field label="Email address" field={fields.email} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
      <SubmitButton>RESEND EMAIL</SubmitButton>
    </Form>
  )
}

export function ForgotPasswordForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm('forgot-password', ForgotPasswordSchema, lastResult)
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field label="Email address" field={fields.email} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
      <SubmitButton>SEND RESET LINK</SubmitButton>
    </Form>
  )
}

export function ResetPasswordForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm('reset-password', ResetPasswordSchema, lastResult)
  const reply = useReplyCount(lastResult)
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field key={`password-${reply}`} label="New password" hint="At least 8 characters, with a letter and a digit" field={fields.password} inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }} />
      <Field key={`confirm-${reply}`} label="Confirm new password" field={fields.confirmPassword} inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }} />
      <SubmitButton>CHANGE PASSWORD</SubmitButton>
    </Form>
  )
}

/** One-button form: the verification happens on this POST, never on the GET. */
export function VerifyEmailForm() {
  return (
    <Form method="post">
      <SubmitButton>VERIFY MY EMAIL</SubmitButton>
    </Form>
  )
}
