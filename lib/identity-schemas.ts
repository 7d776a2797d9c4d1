/**
 * Sign-up, verification, password and account-linking input, with spec 5's messages.
 * Shared by the identity service (which always validates) and the portal's forms
 * (Conform reuses them for instant feedback), so both sides say the same thing.
 * Each field stops at its first failed check, so a field shows one message at a time.
 */
import { z } from 'zod'
import { MOBILE_PATTERN, normaliseMobile } from './mobile.ts'

export const FIELD_REQUIRED = 'This field required'
export const INPUT_LIMIT_EXCEEDED = 'Input limit exceeded'

export const NAME_MAX = 50 // spec 9
export const EMAIL_MAX = 400 // spec 9
export const PASSWORD_MIN = 8
// scrypt takes any length, but an unbounded body is an easy way to burn CPU.
export const PASSWORD_MAX = 128

// spec 5: letters, dot and Ñ, with an optional single space or hyphen between groups.
const NAME_PATTERN = /^[A-Za-zÑñ.]+(?:[ -][A-Za-zÑñ.]+)*$/
const ACCOUNT_NUMBER_PATTERN = /^\d{13}$/

function nameSchema(which: 'first' | 'last') {
  return (
    z
      .string({ error: `Please enter ${which} name` })
      .trim()
      .min(1, { error: `Please enter ${which} name`, abort: true })
      .max(NAME_MAX, { error: INPUT_LIMIT_EXCEEDED, abort: true })
      .regex(NAME_PATTERN, { error: `Invalid ${which} name` })
      // spec 5: names are upper-cased
      .transform((value) => value.toUpperCase())
  )
}

export const FirstNameSchema = nameSchema('first')
export const LastNameSchema = nameSchema('last')

/**
 * spec 5: 10 digits starting with 8 or 9 (the +63 is shown beside the field). Accepts the
 * number as people write it ('0917 123 4567', '+63 917 123 4567', '(917) 123-4567', lib/mobile.ts);
 * yields '9171234567'.
 */
export const MobileNumberSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseMobile(value) : value),
  z
    .string({ error: FIELD_REQUIRED })
    .min(1, { error: FIELD_REQUIRED, abort: true })
    .regex(MOBILE_PATTERN, { error: 'Invalid mobile number' }),
)

export const EmailSchema = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .max(EMAIL_MAX, { error: INPUT_LIMIT_EXCEEDED, abort: true })
  .regex(z.regexes.email, { error: 'Invalid email format' })

export const AccountNumberSchema = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .regex(ACCOUNT_NUMBER_PATTERN, { error: 'Account number must be 13 digits' })

/** Our policy (the spec shows none): 8 to 128 characters with at least one letter and one digit. */
export const PasswordSchema = z
  .string({ error: FIELD_REQUIRED })
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters`, abort: true })
  .max(PASSWORD_MAX, { error: INPUT_LIMIT_EXCEEDED, abort: true })
  .regex(/[A-Za-z]/, { error: 'Password must contain a letter and a digit', abort: true })
  .regex(/\d/, { error: 'Password must contain a letter and a digit' })

/** spec 3: the registration body. The account number is optional: applicants have none yet. */
export const RegistrationSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  mobileNumber: MobileNumberSchema,
  accountNumber: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    AccountNumberSchema.optional(),
  ),
  password: PasswordSchema,
  displayWelcomeBanner: z.boolean().optional(),
})
export type Registration = z.output<typeof RegistrationSchema>

export const ResendActivationSchema = z.object({ email: EmailSchema })

// A link token is 256 bits in base64url: 43 characters. Anything else cannot be one.
export const LinkTokenSchema = z
  .string({ error: FIELD_REQUIRED })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Invalid link' })

export const VerifyEmailSchema = z.object({ token: LinkTokenSchema })

export const PasswordResetRequestSchema = z.object({ email: EmailSchema })

/** spec 3 names the reset body's fields email, newPassword, accessToken; the access token is the link's token. */
export const PasswordResetSchema = z.object({ accessToken: LinkTokenSchema, newPassword: PasswordSchema })

export const LinkAccountSchema = z.object({ accountNumber: AccountNumberSchema })

/** Where an ownership-proof code goes (services/otp): the account's registered email or mobile. */
export const OtpChannelSchema = z.enum(['email', 'mobile'], { error: 'Please choose where to send the code' })

/** spec 7 otp: the 6-digit one-time code, spaces forgiven. */
export const OtpCodeSchema = z
  .string({ error: FIELD_REQUIRED })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: FIELD_REQUIRED, abort: true })
      .regex(/^\d{6}$/, { error: 'The code is 6 digits' }),
  )

/** The attributes a user may change themselves; roles and agent code are not among them. */
export const AttributesUpdateSchema = z
  .object({
    displayCoachmarks: z.boolean(),
    displayWelcomeBanner: z.boolean(),
    displaySuccessRegistration: z.boolean(),
    activeAccountNumber: AccountNumberSchema,
  })
  .partial()
export type AttributesUpdate = z.output<typeof AttributesUpdateSchema>

/**
 * The dev mailbox's recipient search (docs/decisions/0011): an email, or an SMS recipient in
 * the outbox's international form (+63 and 10 digits), where profile codes to a new mobile go.
 */
export const MailboxRecipientSchema = z
  .string()
  .trim()
  .refine((value) => /^\+63\d{10}$/.test(value) || EmailSchema.safeParse(value).success, {
    error: 'Enter an email address or a mobile number as +63 and 10 digits',
  })
