/**
 * Concerns and after-sales tickets (spec 1, help centre; spec 7, Support). Every call is the
 * caller's: a ticket is filed for an account the token lists as theirs (verified links
 * only), and read back only by the user who filed it, for an account still theirs; anyone
 * else gets the same 404 as for a ticket that does not exist (docs/security.md, Access
 * control).
 */
import crypto from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import {
  REFERENCE_ALPHABET,
  SUPPORT_MESSAGES,
  type AfterSalesTicket,
  type Concern,
  type TicketKind,
  type TicketStatus,
} from '../../lib/support.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { tickets, ticketTypes } from './tables.ts'

export type TicketType = { code: string; name: string }

export type Ticket = {
  referenceNumber: string
  kind: TicketKind
  accountNumber: string
  concernType: TicketType
  subType: TicketType | null
  description: string
  status: TicketStatus
  createdAt: string
  updatedAt: string
}

const fieldError = (field: string, message: string) =>
  new ServiceError(422, 'invalid_input', 'Some fields are not valid.', { [field]: [message] })

export const ticketNotFound = () => new ServiceError(404, 'not_found', 'No such ticket.')

export function newReferenceNumber(kind: TicketKind): string {
  let code = ''
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)]
  return `${kind === 'concern' ? 'CN' : 'AS'}-${code}`
}

/**
 * Files a concern on a user's behalf for another service (issue 37, item 6: a no-internet
 * report opens one), inside that service's transaction. Once per `submissionKey` and user: the
 * same key again answers the first ticket's reference number.
 */
export async function fileConcernFor(
  db: Executor,
  values: {
    userId: string
    accountNumber: string
    typeCode: string
    subTypeCode: string
    description: string
    submissionKey: string
  },
  at: Date,
): Promise<{ referenceNumber: string }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(tickets)
      .values({
        ...values,
        kind: 'concern',
        referenceNumber: newReferenceNumber('concern'),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ referenceNumber: tickets.referenceNumber })
    if (inserted) return inserted
    const [earlier] = await db
      .select({ referenceNumber: tickets.referenceNumber })
      .from(tickets)
      .where(and(eq(tickets.userId, values.userId), eq(tickets.submissionKey, values.submissionKey)))
    if (earlier) return earlier
  }
  throw new Error('Could not file the ticket.')
}

export function createSupportService({ db, now }: ServiceDeps) {
  async function typesOf(kind: TicketKind, parentCode: string | null): Promise<TicketType[]> {
    return db
      .select({ code: ticketTypes.code, name: ticketTypes.name })
      .from(ticketTypes)
      .where(
        and(
          eq(ticketTypes.kind, kind),
          parentCode === null ? isNull(ticketTypes.parentCode) : eq(ticketTypes.parentCode, parentCode),
        ),
      )
      .orderBy(asc(ticketTypes.position))
  }

  /** The account must be one the token lists (verified): a 422 on the field, so the form shows it. */
  function requireAccount(caller: Caller, accountNumber: string) {
    if (!caller.accountNumbers.includes(accountNumber)) {
      throw new ServiceError(403, 'account_not_linked', SUPPORT_MESSAGES.notYourAccount, {
        accountNumber: [SUPPORT_MESSAGES.notYourAccount],
      })
    }
  }

  async function names(codes: string[]) {
    if (codes.length === 0) return new Map<string, string>()
    const rows = await db
      .select({ code: ticketTypes.code, name: ticketTypes.name })
      .from(ticketTypes)
      .where(inArray(ticketTypes.code, codes))
    return new Map(rows.map((row) => [row.code, row.name]))
  }

  async function present(rows: (typeof tickets.$inferSelect)[]): Promise<Ticket[]> {
    const known = await names([...new Set(rows.flatMap((row) => [row.typeCode, row.subTypeCode ?? []].flat()))])
    const typeOf = (code: string) => ({ code, name: known.get(code) ?? code })
    return rows.map((row) => ({
      referenceNumber: row.referenceNumber,
      kind: row.kind,
      accountNumber: row.accountNumber,
      concernType: typeOf(row.typeCode),
      subType: row.subTypeCode ? typeOf(row.subTypeCode) : null,
      description: row.description,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }))
  }

  async function file(
    caller: Caller,
    submissionKey: string,
    values: {
      kind: TicketKind
      accountNumber: string
      typeCode: string
      subTypeCode: string | null
      description: string
    },
  ): Promise<Ticket> {
    const at = now()
    // A second post with the same key (a double click, a resent form) answers the first ticket.
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await db
        .insert(tickets)
        .values({
          ...values,
          referenceNumber: newReferenceNumber(values.kind),
          userId: caller.sub,
          submissionKey,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning()
      if (inserted.length > 0) return (await present(inserted))[0]!
      const [earlier] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, caller.sub), eq(tickets.submissionKey, submissionKey)))
      if (earlier) {
        // The key is this form's: the same key for something else is a client's mistake.
        if (earlier.kind !== values.kind || earlier.accountNumber !== values.accountNumber) {
          throw new ServiceError(409, 'conflict', 'This form was already sent for something else.')
        }
        return (await present([earlier]))[0]!
      }
      // Otherwise the reference number was taken: draw another.
    }
    throw new ServiceError(500, 'internal', 'Could not file the ticket.')
  }

  return {
    concernTypes: () => typesOf('concern', null),
    async subTypes(concernType: string) {
      const [parent] = await db
        .select({ code: ticketTypes.code })
        .from(ticketTypes)
        .where(and(eq(ticketTypes.code, concernType), eq(ticketTypes.kind, 'concern'), isNull(ticketTypes.parentCode)))
      if (!parent) throw new ServiceError(404, 'not_found', 'No such concern type.')
      return typesOf('concern', concernType)
    },
    afterSalesTypes: () => typesOf('after_sales', null),

    async fileConcern(caller: Caller, submissionKey: string, concern: Concern) {
      requireAccount(caller, concern.accountNumber)
      const types = await typesOf('concern', null)
      if (!types.some((type) => type.code === concern.concernType)) {
        throw fieldError('concernType', SUPPORT_MESSAGES.unknownType)
      }
      const subTypes = await typesOf('concern', concern.concernType)
      if (!subTypes.some((type) => type.code === concern.subType)) {
        throw fieldError('subType', SUPPORT_MESSAGES.unknownSubType)
      }
      return file(caller, submissionKey, {
        kind: 'concern',
        accountNumber: concern.accountNumber,
        typeCode: concern.concernType,
        subTypeCode: concern.subType,
        description: concern.description,
      })
    },

    async fileAfterSales(caller: Caller, submissionKey: string, ticket: AfterSalesTicket) {
      requireAccount(caller, ticket.accountNumber)
      const types = await typesOf('after_sales', null)
      if (!types.some((type) => type.code === ticket.afterSalesType)) {
        throw fieldError('afterSalesType', SUPPORT_MESSAGES.unknownType)
      }
      return file(caller, submissionKey, {
        kind: 'after_sales',
        accountNumber: ticket.accountNumber,
        typeCode: ticket.afterSalesType,
        subTypeCode: null,
        description: ticket.description,
      })
    },

    /** The caller's tickets, newest first, for accounts still theirs. */
    async list(caller: Caller): Promise<Ticket[]> {
      if (caller.accountNumbers.length === 0) return []
      const rows = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, caller.sub), inArray(tickets.accountNumber, caller.accountNumbers)))
        .orderBy(desc(tickets.createdAt), desc(tickets.referenceNumber))
        .limit(100)
      return present(rows)
    },

    async get(caller: Caller, referenceNumber: string): Promise<Ticket> {
      const [row] = await db.select().from(tickets).where(eq(tickets.referenceNumber, referenceNumber))
      if (!row || row.userId !== caller.sub || !caller.accountNumbers.includes(row.accountNumber)) {
        throw ticketNotFound()
      }
      return (await present([row]))[0]!
    },
  }
}

export type SupportService = ReturnType<typeof createSupportService>
