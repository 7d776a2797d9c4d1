/** The dev mailbox's search form: an optional recipient, checked on both sides. */
import { z } from 'zod'
import { MailboxRecipientSchema } from '../../../lib/identity-schemas'

export const MailboxSearchSchema = z.object({ to: MailboxRecipientSchema.optional() })
