/**
 * Application status, compliance and verification (issue 10, parts 3 and 4; spec 2, 4, 7;
 * docs/decisions/0033): the words the applications service and the portal share
 * (application-status-words.ts, without zod) and their schemas.
 */
import { z } from 'zod'
import { APPLICATION_STATUSES, DOCUMENT_CATEGORIES, LINK_TOKEN_PATTERN } from './application-status-words.ts'

export * from './application-status-words.ts'

export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES)
export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES)
export const LinkTokenSchema = z.string().regex(LINK_TOKEN_PATTERN)

/** A one-time code: 6 digits. */
export const OtpCodeSchema = z
  .string({ error: 'Please enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Please enter the 6-digit code' })
