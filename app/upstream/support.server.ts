/**
 * The support calls (spec 7, Support; services/support/routes.ts), all as the signed-in
 * user: concern types and sub-types, after-sales types, the user's tickets, filing a
 * concern or an after-sales ticket. A filing carries the form's one-time key as its
 * Idempotency-Key, so a form sent twice files one ticket.
 */
import { z } from 'zod'
import { TICKET_KINDS, TICKET_STATUSES, type AfterSalesTicket, type Concern } from '../../lib/support'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const TicketTypeSchema = z.object({ code: z.string(), name: z.string() })
export type TicketType = z.infer<typeof TicketTypeSchema>

export const TicketSchema = z.object({
  referenceNumber: z.string(),
  kind: z.enum(TICKET_KINDS),
  accountNumber: z.string(),
  concernType: TicketTypeSchema,
  subType: TicketTypeSchema.nullable(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Ticket = z.infer<typeof TicketSchema>

const TypesSchema = envelope(z.array(TicketTypeSchema))

export function supportCalls(client: UpstreamClient) {
  return {
    concernTypes: (accessToken: string) =>
      client.call({
        name: 'support.concernTypes',
        method: 'GET',
        path: '/v1/support/concern-types',
        accessToken,
        schema: TypesSchema,
      }),
    /** Rejected with 404 for an unknown concern type. */
    subTypes: (accessToken: string, concernType: string) =>
      client.call({
        name: 'support.subTypes',
        method: 'GET',
        path: `/v1/support/concern-types/${encodeURIComponent(concernType)}/sub-types`,
        accessToken,
        schema: TypesSchema,
      }),
    afterSalesTypes: (accessToken: string) =>
      client.call({
        name: 'support.afterSalesTypes',
        method: 'GET',
        path: '/v1/support/after-sales-types',
        accessToken,
        schema: TypesSchema,
      }),
    tickets: (accessToken: string) =>
      client.call({
        name: 'support.tickets',
        method: 'GET',
        path: '/v1/support/tickets',
        accessToken,
        schema: envelope(z.array(TicketSchema)),
      }),
    /** Rejected with 404 for a ticket that is not the user's (or does not exist). */
    ticket: (accessToken: string, referenceNumber: string) =>
      client.call({
        name: 'support.ticket',
        method: 'GET',
        path: `/v1/support/tickets/${encodeURIComponent(referenceNumber)}`,
        accessToken,
        schema: envelope(TicketSchema),
      }),
    fileConcern: (accessToken: string, submissionKey: string, concern: Concern) =>
      client.call({
        name: 'support.fileConcern',
        method: 'POST',
        path: '/v1/support/concern',
        body: concern,
        headers: { 'idempotency-key': submissionKey },
        accessToken,
        schema: envelope(TicketSchema),
      }),
    fileAfterSales: (accessToken: string, submissionKey: string, ticket: AfterSalesTicket) =>
      client.call({
        name: 'support.fileAfterSales',
        method: 'POST',
        path: '/v2/support/after-sales-ticket',
        body: ticket,
        headers: { 'idempotency-key': submissionKey },
        accessToken,
        schema: envelope(TicketSchema),
      }),
  }
}
