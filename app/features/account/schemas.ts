/**
 * The account forms' schemas: the identity service's own field schemas (spec 5 messages),
 * plus what only a screen has (the password confirmation). Shared by the server, which
 * always validates, and Conform in the browser (docs/conventions.md, Forms: one schema, both sides).
 */
import { z } from 'zod'
import {
  AccountNumberSchema,
  EmailSchema,
  FIELD_REQUIRED,
  FirstNameSchema,
  LastNameSchema,
  MobileNumberSchema,
  PasswordSchema,
} from '../../../lib/identity-schemas'

export const PASSWORDS_DIFFER = 'Passwords do not match'

const confirmation = z.string({ error: FIELD_REQUIRED })

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword)
    ctx.addIssue({ code: 'custom', message: PASSWORDS_DIFFER, path: ['confirmPassword'] })
}

/** spec 3, Registration body, from a subscriber: the account number is asked for. */
export const RegisterSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    email: EmailSchema,
    mobileNumber: MobileNumberSchema,
    accountNumber: AccountNumberSchema,
    password: PasswordSchema,
    confirmPassword: confirmation,
  })
  .superRefine(passwordsMatch)

export const ResendSchema = z.object({ email: EmailSchema })

export const ForgotPasswordSchema = z.object({ email: EmailSchema })

export const ResetPasswordSchema = z
  .object({ password: PasswordSchema, confirmPassword: confirmation })
  .superRefine(passwordsMatch)
