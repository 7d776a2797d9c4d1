/**
 * The portal's application calls (issue 10; spec 7): installation slots (appointments,
 * GET and POST slots v2) and the applicant details (v3), which carries an Idempotency-Key
 * so a form sent twice makes one application (docs/decisions/0028). A refusal (a full
 * slot, a field the service refuses) is an UpstreamError (rejected) with its message.
 */
import { z } from 'zod'
import { DRAFT_ID_HEADER } from '../../lib/catalog'
import { ReferenceNumberSchema, type ApplicationPayload } from '../../lib/application'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const SlotSchema = z.object({
  slotId: z.string().min(1),
  date: z.string().min(1),
  window: z.enum(['AM', 'PM']),
  label: z.string().min(1),
  capacity: z.number().int().nonnegative(),
  booked: z.number().int().nonnegative(),
  available: z.number().int().nonnegative(),
})
export type Slot = z.infer<typeof SlotSchema>

export const ApplicationSchema = z.object({
  applicationId: z.string().min(1),
  referenceNo: ReferenceNumberSchema,
  status: z.string().min(1),
  customerSegment: z.enum(['Residential', 'SME']),
  slot: z.object({ slotId: z.string().min(1), label: z.string().min(1) }),
  createdAt: z.iso.datetime({ offset: true }),
})
export type SubmittedApplication = z.infer<typeof ApplicationSchema>

export function applicationCalls(client: UpstreamClient) {
  return {
    slots: () =>
      client.call({
        name: 'applications.slots',
        method: 'GET',
        path: '/v2/appointments/slots',
        schema: envelope(z.array(SlotSchema)),
      }),
    chooseSlot: (slotId: string) =>
      client.call({
        name: 'applications.chooseSlot',
        method: 'POST',
        path: '/v2/appointments/slots',
        body: { slotId },
        schema: envelope(SlotSchema),
      }),
    /** With the draft's id: the upstream checks its documents and binds them to the application. */
    submit: (idempotencyKey: string, payload: ApplicationPayload, draftId: string) =>
      client.call({
        name: 'applications.submit',
        method: 'POST',
        path: '/v3/applicant-details',
        body: payload,
        headers: { 'idempotency-key': idempotencyKey, [DRAFT_ID_HEADER]: draftId },
        schema: envelope(ApplicationSchema),
      }),
  }
}
