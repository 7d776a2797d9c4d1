/**
 * The account screens' forms. Each is a plain POST form that works without JavaScript;
 * with it, Conform checks the fields with the same schema the server uses, loaded once
 * the page runs (app/ui/use-schema-form.ts; docs/conventions.md, Forms).
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { useRef, type ReactNode } from 'react'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useIsPending } from '~/utils/use-is-pending'

type LastResult = SubmissionResult<string[]> | undefined

// import(): the schemas, and zod with them, stay out of the page's first JS.
const registerSchema = () => import('./schemas').then((module) => module.RegisterSchema)
const resendSchema = () => import('./schemas').then((module) => module.ResendSchema)
const forgotPasswordSchema = () => import('./schemas').then((module) => module.ForgotPasswordSchema)
const resetPasswordSchema = () => import('./schemas').then((module) => module.ResetPasswordSchema)

// The resend form posts to /register/sent from that page and from /verify-email.
const RESEND_ACTION = '/register/sent'

/** `formAction`: where the form posts when that is not the page's own route. */
function SubmitButton({ children, formAction }: { children: ReactNode; formAction?: string }) {
  // Without JS the browser shows its own progress; with JS, one click is one request.
  const busy = useIsPending({ formAction })
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

type FormProps = { lastResult: LastResult; constraint: FormConstraint }

// spec 5: names are upper-cased. The server does it; the field shows it while typing, and
// phone keyboards start in capitals.
const UPPERCASE = { className: 'uppercase', autoCapitalize: 'characters' } as const

export function RegisterForm({ lastResult, constraint }: FormProps) {
  const [form, fields] = useSchemaForm({ id: 'register', lastResult, constraint, loadSchema: registerSchema })
  const reply = useReplyCount(lastResult)
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          field={fields.firstName}
          inputProps={{
            ...getInputProps(fields.firstName, { type: 'text' }),
            ...UPPERCASE,
            autoComplete: 'given-name',
          }}
        />
        <Field
          label="Last name"
          field={fields.lastName}
          inputProps={{
            ...getInputProps(fields.lastName, { type: 'text' }),
            ...UPPERCASE,
            autoComplete: 'family-name',
          }}
        />
      </div>
      <Field
        label="Email address"
        field={fields.email}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <Field
        label="Mobile number"
        prefix="+63"
        hint="10 digits starting with 8 or 9, e.g. 917 123 4567"
        field={fields.mobileNumber}
        // The schema also accepts spaces, brackets and a leading +63, so no pattern attribute,
        // and the whole-number autofill token `tel` fits (HTML validators refuse `tel-national` here).
        inputProps={{
          ...getInputProps(fields.mobileNumber, { type: 'tel' }),
          pattern: undefined,
          autoComplete: 'tel',
          inputMode: 'numeric',
        }}
      />
      <Field
        label="Account number"
        hint="The 13-digit number on your bill"
        field={fields.accountNumber}
        inputProps={{
          ...getInputProps(fields.accountNumber, { type: 'text' }),
          inputMode: 'numeric',
          autoComplete: 'off',
        }}
      />
      <Field
        key={`password-${reply}`}
        label="Password"
        hint="At least 8 characters, with a letter and a digit"
        field={fields.password}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <Field
        key={`confirm-${reply}`}
        label="Confirm password"
        field={fields.confirmPassword}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <SubmitButton>REGISTER</SubmitButton>
    </Form>
  )
}

/** Resend the verification link. Posts to /register/sent from any page that shows it. */
export function ResendForm({ lastResult, constraint, defaultEmail }: FormProps & { defaultEmail?: string | null }) {
  const [form, fields] = useSchemaForm({
    id: 'resend',
    lastResult,
    constraint,
    defaultValue: defaultEmail ? { email: defaultEmail } : undefined,
    loadSchema: resendSchema,
  })
  return (
    <Form method="post" action={RESEND_ACTION} {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field
        label="Email address"
        field={fields.email}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <SubmitButton formAction={RESEND_ACTION}>RESEND EMAIL</SubmitButton>
    </Form>
  )
}

export function ForgotPasswordForm({ lastResult, constraint }: FormProps) {
  const [form, fields] = useSchemaForm({
    id: 'forgot-password',
    lastResult,
    constraint,
    loadSchema: forgotPasswordSchema,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field
        label="Email address"
        field={fields.email}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <SubmitButton>SEND RESET LINK</SubmitButton>
    </Form>
  )
}

export function ResetPasswordForm({ lastResult, constraint }: FormProps) {
  const [form, fields] = useSchemaForm({
    id: 'reset-password',
    lastResult,
    constraint,
    loadSchema: resetPasswordSchema,
  })
  const reply = useReplyCount(lastResult)
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field
        key={`password-${reply}`}
        label="New password"
        hint="At least 8 characters, with a letter and a digit"
        field={fields.password}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <Field
        key={`confirm-${reply}`}
        label="Confirm new password"
        field={fields.confirmPassword}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
      />
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
