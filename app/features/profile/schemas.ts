/** The profile's forms, checked on the server (issue 11 item 7). */
import { z } from 'zod'
import { EmailSchema, MobileNumberSchema, OtpCodeSchema } from '../../../lib/identity-schemas'

export const ChangeEmailSchema = z.object({ email: EmailSchema })
export const ChangeMobileSchema = z.object({ mobileNumber: MobileNumberSchema })
export const VerifyContactSchema = z.object({
  kind: z.enum(['email', 'mobile']),
  otp: OtpCodeSchema,
  emailHashValue: z.string().min(1).max(100),
})
