/**
 * Each payment's state and timeline as the payer reads it (the return pages, bill history),
 * and who may read which: a signed-in caller their accounts' payments, a guest only the one
 * they started, with its key. The timeline's entries are written here too, by every part
 * that moves a payment.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm'
import { formatDate } from '../../lib/dates.ts'
import { formatPesos } from '../../lib/pesos.ts'
import { madeByAny } from '../../lib/secret-ring.ts'
import { requireOwnAccount, type Caller } from '../bearer.ts'
import { sessionSecretRing } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { guestKeyWith } from './access.ts'
import { channelGroup, type ChannelGroupCode, type PaymentEventKind, type PaymentStatus } from './channels.ts'
import type { PaymentsContext } from './context.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { paymentEvents, portalPayments } from './tables.ts'

/** Pesos from centavos, for the API and the words (amounts are stored as whole centavos). */
export const pesos = (centavos: number) => centavos / 100

export type PaymentRow = typeof portalPayments.$inferSelect
type EventRow = typeof paymentEvents.$inferSelect

export type TimelineEntry = { kind: PaymentEventKind; at: string; detail: string | null }

export type PaymentView = {
  id: string
  accountNumber: string
  reference: string
  status: PaymentStatus
  channelGroup: ChannelGroupCode
  paymentMethod: string | null
  /** Credited to the account. */
  amount: number
  serviceCharge: number
  /** What the payer is charged. */
  total: number
  /** Online channels: the gateway's hosted page, while the payment is pending. */
  checkoutUrl: string | null
  /** Counter and outlet channels: what to do with the reference. */
  instructions: string[]
  postingTime: string
  createdAt: string
  postedAt: string | null
  expiresAt: string | null
  timeline: TimelineEntry[]
}

/** Who asks: a signed-in caller, or a guest (with their payment's key, when reading one). */
export type Viewer = { caller: Caller } | { guestKey: string | null }

function instructionsFor(productName: string, row: PaymentRow): string[] {
  if (row.status !== 'awaiting_payment') return []
  const total = formatPesos(pesos(row.totalCentavos))
  const group = channelGroup(row.channelGroup)
  const places = group.paymentMethods.map((m) => m.name).join(', ')
  const expires = row.expiresAt ? formatDate(row.expiresAt, 'dateTime') : null
  const common = [
    `Say you are paying a ${productName} bill for account ${row.accountNumber}, and give the payment reference ${row.reference}.`,
    `Pay exactly ${total}.`,
    'Keep your receipt or validated slip as proof of payment.',
    ...(expires ? [`This reference can be used until ${expires}.`] : []),
    group.postingTime,
  ]
  return row.channelGroup === 'OVER THE COUNTER'
    ? [`Go to any branch of ${places} and fill in a bills payment slip.`, ...common]
    : [`Go to any ${places}.`, ...common, 'Cash only, no checks.']
}

function view(productName: string, row: PaymentRow, events: EventRow[]): PaymentView {
  return {
    id: row.id,
    accountNumber: row.accountNumber,
    reference: row.reference,
    status: row.status,
    channelGroup: row.channelGroup,
    paymentMethod: row.paymentMethod,
    amount: pesos(row.amountCentavos),
    serviceCharge: pesos(row.serviceChargeCentavos),
    total: pesos(row.totalCentavos),
    checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
    instructions: instructionsFor(productName, row),
    postingTime: channelGroup(row.channelGroup).postingTime,
    createdAt: row.createdAt.toISOString(),
    postedAt: row.postedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    timeline: events.map((e) => ({ kind: e.kind, at: e.at.toISOString(), detail: e.detail })),
  }
}

async function viewsOf(ctx: PaymentsContext, db: Executor, rows: PaymentRow[]): Promise<PaymentView[]> {
  if (rows.length === 0) return []
  const events = await db
    .select()
    .from(paymentEvents)
    .where(
      inArray(
        paymentEvents.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentEvents.at), asc(paymentEvents.seq))
  return rows.map((row) =>
    view(
      ctx.deps.productName,
      row,
      events.filter((e) => e.paymentId === row.id),
    ),
  )
}

export async function viewOf(ctx: PaymentsContext, db: Executor, row: PaymentRow): Promise<PaymentView> {
  return (await viewsOf(ctx, db, [row]))[0]!
}

export const addEvent = (
  tx: Executor,
  paymentId: string,
  kind: PaymentEventKind,
  at: Date,
  detail: string | null = null,
) => tx.insert(paymentEvents).values({ paymentId, kind, at, detail })

export const notFound = () => new ServiceError(404, 'not_found', PAYMENT_MESSAGES.notFound)

/** The payment if the viewer may see it; 404 otherwise, as if it did not exist. */
async function visiblePayment(
  ctx: PaymentsContext,
  db: Executor,
  id: string,
  viewer: Viewer,
  lock = false,
): Promise<PaymentRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound()
  const query = db.select().from(portalPayments).where(eq(portalPayments.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound()
  if ('caller' in viewer) {
    if (!viewer.caller.accountNumbers.includes(row.accountNumber)) throw notFound()
    return row
  }
  // A guest sees only a payment a guest started, with the key its initiation answered.
  // A key answered before a SESSION_SECRET rotation still reads its payment (a checkout in flight).
  const key = viewer.guestKey ?? ''
  const matches =
    row.initiatedBy === null &&
    madeByAny(sessionSecretRing(ctx.settings), key, (secret) => guestKeyWith(secret, row.id))
  if (!matches) throw notFound()
  return row
}

/** One payment's state and timeline (the return pages). */
export async function readPayment(ctx: PaymentsContext, id: string, viewer: Viewer): Promise<PaymentView> {
  return viewOf(ctx, ctx.deps.db, await visiblePayment(ctx, ctx.deps.db, id, viewer))
}

/** The payer gave up at the gateway: a payment still waiting is cancelled (a later paid webhook still posts it). */
export async function cancelPayment(ctx: PaymentsContext, id: string, viewer: Viewer): Promise<PaymentView> {
  return ctx.deps.db.transaction(async (tx) => {
    const row = await visiblePayment(ctx, tx, id, viewer, true)
    if (row.status === 'pending' || row.status === 'awaiting_payment') {
      const at = ctx.deps.now()
      await tx.update(portalPayments).set({ status: 'cancelled', updatedAt: at }).where(eq(portalPayments.id, row.id))
      await addEvent(tx, row.id, 'cancelled', at, 'You cancelled the payment.')
    }
    const [after] = await tx.select().from(portalPayments).where(eq(portalPayments.id, row.id))
    return viewOf(ctx, tx, after!)
  })
}

/** An account's payments through the portal, newest first, each with its timeline (bill history). */
export async function paymentHistory(
  ctx: PaymentsContext,
  accountNumber: string,
  caller: Caller,
): Promise<{ accountNumber: string; payments: PaymentView[] }> {
  requireOwnAccount(caller, accountNumber)
  const rows = await ctx.deps.db
    .select()
    .from(portalPayments)
    .where(eq(portalPayments.accountNumber, accountNumber))
    .orderBy(desc(portalPayments.createdAt))
    .limit(100)
  return { accountNumber, payments: await viewsOf(ctx, ctx.deps.db, rows) }
}
