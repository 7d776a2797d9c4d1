/**
 * The payments domain (issue 12; spec 1, 3, 5, 7, 9; docs/decisions/0042): the channels on
 * offer, the amount due for a guest, quotes, initiation through the gateway or a counter
 * reference, each payment's state and timeline, and posting.
 *
 * Posting: a payment reaches billing's ledger (services/billing postPayment, under the
 * payment's own reference, so at most once there too) only from a verified gateway webhook
 * or an operator's posting of a counter reference, never from the browser coming back.
 * Each webhook event is handled once (its id is kept); a paid event wins over anything but
 * posted, and nothing moves a posted payment. Once posted: a receipt email through the
 * outbox, and billing's in-app notification to the account's holders.
 */
import crypto from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm'
import { maskEmail } from '../../lib/masking.ts'
import { formatDate } from '../../lib/dates.ts'
import { formatPesos } from '../../lib/pesos.ts'
import { madeByAny } from '../../lib/secret-ring.ts'
import { findSubscriberAccount, PORTAL_PRODUCT, type SubscriberAccount } from '../accounts/registry.ts'
import { requireOwnAccount, type Caller } from '../bearer.ts'
import { createBillingService, postPayment } from '../billing/service.ts'
import { sessionSecretRing, settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { deviceKey, deviceTokenFor, issueDeviceToken, type DeviceSubject } from '../identity/device-tokens.ts'
import { userIdsHoldingAccount } from '../identity/users.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import { limitDigest, pruneAllowances, takeAllowances, type Allowance } from '../rate-limit.ts'
import {
  amountLimits,
  channelGroup,
  offeredGroups,
  REFERENCE_LIFE_DAYS,
  type ChannelGroup,
  type ChannelGroupCode,
  type PaymentEventKind,
  type PaymentStatus,
} from './channels.ts'
import {
  PaymentGatewayError,
  WebhookVerificationError,
  type GatewayEvent,
  type PaymentGateway,
} from './payment-gateway.ts'
import { gatewayWebhookEvents, guestAllowances, paymentEvents, portalPayments } from './tables.ts'

export const PAYMENT_MESSAGES = {
  // spec 8
  unableToProcess: 'Unable to process payment! Please try other payment channels.',
  notAuthorised: 'Sorry, you are not authorized for the selected action.',
  accountNotFound: 'We could not find a fibre account with that number.',
  notFound: 'No such payment.',
  channelNotOffered: 'This payment channel is not available. Please choose another.',
  installerOnly: 'Pay via installer is for new applications: pay the installer in cash at installation.',
  methodNotInGroup: 'Choose a payment method of the channel you picked.',
  amountTooSmall: (minimum: number) => `The smallest payment is ${formatPesos(minimum / 100)}.`,
  amountTooLarge: (maximum: number) => `You can pay at most ${formatPesos(maximum / 100)} now.`,
  tooManyGuestCalls: 'Too many tries. Please try again in 15 minutes.',
  referenceNotPayable: 'This payment reference can no longer be paid.',
  initiationKeyReused: 'This form was already sent for another payment.',
} as const

export type PaymentsSettings = {
  /** spec 5: FORCE_HIDE_PAYMENT_OPTIONS, compared as a string. */
  forceHidePaymentOptions: string
  /**
   * Guest calls allowed in GUEST_WINDOW_MINUTES: per account number from unknown browsers (and
   * per browser trusted with the account), and per client address from unknown browsers.
   */
  guestCallsPerAccount: number
  guestCallsPerAddress: number
}

export const GUEST_WINDOW_MINUTES = 15

/** What the payments service knows of a guest's browser: its address and its device tokens (lib/device-cookie.ts). */
export type GuestClient = { address?: string; deviceTokens?: readonly string[] }

const pesos = (centavos: number) => centavos / 100
const centavos = (pesosAmount: number) => Math.round(pesosAmount * 100)

type PaymentRow = typeof portalPayments.$inferSelect
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

export type ChannelGroupView = {
  name: ChannelGroupCode
  kind: ChannelGroup['kind']
  paymentMethods: { code: string; name: string }[]
  serviceCharge: number
  postingTime: string
  notes: string[]
}

export type Quote = {
  accountNumber: string
  channelGroup: ChannelGroupCode
  amountDue: number
  amount: number
  serviceCharge: number
  total: number
  minimum: number
  maximum: number
}

export type PaymentRequest = {
  accountNumber: string
  /** Pesos with centavos; default: the amount due. */
  amount?: number
  channelGroup: ChannelGroupCode
  paymentMethod?: string
  /** Where the receipt goes; default: the account's registered email. */
  email?: string
  /** Portal paths the gateway returns the payer to; `{id}` becomes the payment's id. */
  successPath?: string
  failurePath?: string
}

/** Who asks: a signed-in caller, or a guest (with their payment's key, when reading one). */
export type Viewer = { caller: Caller } | { guestKey: string | null }

const DEFAULT_SUCCESS_PATH = '/customer/payment-success/{id}'
const DEFAULT_FAILURE_PATH = '/customer/payment-failed?payment={id}'

/** 'CARLOS REYES' → 'C***** R****': what a guest may see of the holder. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => `${word[0]}${'*'.repeat(Math.max(word.length - 1, 1))}`)
    .join(' ')
}

/** A counter slip's reference: PAY- and ten characters nobody misreads (no 0/O, 1/I). */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = crypto.randomBytes(10)
  return `PAY-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`
}

const METHOD_LABELS: Record<string, string> = {
  card: 'Credit or debit card',
  gcash: 'GCash',
  paymaya: 'Maya',
  grab_pay: 'GrabPay',
  qrph: 'QR Ph',
  dob: 'Internet banking',
}

/** The channel as billing's ledger records it. */
function ledgerChannel(row: PaymentRow): string {
  if (row.channelGroup === 'OVER THE COUNTER') return 'Over the counter'
  if (row.channelGroup === 'AUTHORIZED OUTLETS') return 'Authorized outlet'
  return (row.paymentMethod && METHOD_LABELS[row.paymentMethod]) ?? channelGroup(row.channelGroup).name
}

/** Reconciliation asks the gateway about a payment this long after its last change: webhooks come well before. */
export const RECONCILE_AFTER_MINUTES = 10
/** …and only for payments this recent (a checkout page lives a day at most). */
const RECONCILE_WITHIN_DAYS = 3
/** Payments asked about per run; the next run takes the rest. */
const RECONCILE_BATCH = 100

export function createPaymentsService(deps: ServiceDeps & { gateway: PaymentGateway; payments: PaymentsSettings }) {
  const { db, gateway } = deps
  const settings = settingsOf(deps)
  const billing = createBillingService(deps)
  const delivery = createDeliveryQueue(deps)

  const guestKeyWith = (secret: string, paymentId: string) =>
    crypto.createHmac('sha256', secret).update(`payment-guest:${paymentId}`).digest('base64url')
  const guestKeyOf = (paymentId: string) => guestKeyWith(settings.sessionSecret, paymentId)

  // --- guests' limit (Postgres, fixed window; docs/security.md, Abuse) ---------------------

  const guestWindowMs = GUEST_WINDOW_MINUTES * 60_000

  /**
   * The browser's device token that trusts it with this account (lib/device-cookie.ts): one
   * from a guest payment into it, or from signing in as a user holding it. Null: an unknown browser.
   */
  async function trustedToken(accountNumber: string, tokens: readonly string[]): Promise<string | null> {
    if (tokens.length === 0) return null
    const holders = await userIdsHoldingAccount(db, accountNumber)
    const subjects: DeviceSubject[] = [`account:${accountNumber}`, ...holders.map((id) => `user:${id}` as const)]
    return deviceTokenFor(sessionSecretRing(settings), tokens, subjects)
  }

  /**
   * Counts a guest call; 429 past a limit. A browser trusted with the account is counted on
   * its own token only, so strangers (from any address, its own included) cannot stop it.
   * Any other browser counts against the account's ceiling for unknown browsers and its
   * address's (sized for carrier-grade NAT: many payers share one address). One upsert per
   * key (services/rate-limit.ts): concurrent calls cannot pass a limit.
   */
  async function guestCall(accountNumber: string, client: GuestClient): Promise<string | null> {
    const trusted = await trustedToken(accountNumber, client.deviceTokens ?? [])
    const perAccount = { limit: deps.payments.guestCallsPerAccount, windowMs: guestWindowMs }
    const allowances: Allowance[] = trusted
      ? // The allowance one payer has for the account, their own.
        [{ key: `device:${deviceKey(trusted)}`, window: perAccount }]
      : [
          { key: `acct:${limitDigest(accountNumber)}`, window: perAccount },
          ...(client.address
            ? [
                {
                  key: `ip:${limitDigest(client.address)}`,
                  window: { limit: deps.payments.guestCallsPerAddress, windowMs: guestWindowMs },
                },
              ]
            : []),
        ]
    const now = deps.now()
    await pruneAllowances(db, guestAllowances, now)
    if (await takeAllowances(db, guestAllowances, allowances, now)) {
      throw new ServiceError(429, 'too_many_attempts', PAYMENT_MESSAGES.tooManyGuestCalls)
    }
    return trusted
  }

  /** The account a caller may pay into: their own (else 403, as billing answers), or any fibre account for a guest. */
  async function payableAccount(
    accountNumber: string,
    caller: Caller | null,
    client: GuestClient = {},
  ): Promise<SubscriberAccount & { trustedToken: string | null }> {
    let trusted: string | null = null
    if (caller) requireOwnAccount(caller, accountNumber)
    else trusted = await guestCall(accountNumber, client)
    const account = await findSubscriberAccount(db, accountNumber)
    if (!account || account.product !== PORTAL_PRODUCT) {
      throw new ServiceError(404, 'account_not_found', PAYMENT_MESSAGES.accountNotFound)
    }
    return { ...account, trustedToken: trusted }
  }

  async function amountDueCentavos(accountNumber: string): Promise<{ amountDue: number; dueDate: string | null }> {
    const details = await billing.paymentDetails(accountNumber)
    return { amountDue: centavos(details.amountDue), dueDate: details.dueDate }
  }

  /** The amounts of a request, or the field error that refuses it. */
  async function price(request: PaymentRequest) {
    const offered = offeredGroups(deps.payments.forceHidePaymentOptions)
    const group = offered.find((g) => g.name === request.channelGroup)
    if (!group) {
      throw new ServiceError(422, 'channel_not_offered', PAYMENT_MESSAGES.channelNotOffered, {
        channelGroup: [PAYMENT_MESSAGES.channelNotOffered],
      })
    }
    if (group.kind === 'installer') {
      throw new ServiceError(422, 'channel_not_offered', PAYMENT_MESSAGES.installerOnly, {
        channelGroup: [PAYMENT_MESSAGES.installerOnly],
      })
    }
    if (request.paymentMethod && !group.paymentMethods.some((m) => m.code === request.paymentMethod)) {
      throw new ServiceError(422, 'invalid_input', PAYMENT_MESSAGES.methodNotInGroup, {
        paymentMethod: [PAYMENT_MESSAGES.methodNotInGroup],
      })
    }
    const { amountDue, dueDate } = await amountDueCentavos(request.accountNumber)
    const limits = amountLimits(amountDue)
    const amount = request.amount === undefined ? amountDue : centavos(request.amount)
    if (amount < limits.minimumCentavos) {
      const message = PAYMENT_MESSAGES.amountTooSmall(limits.minimumCentavos)
      throw new ServiceError(422, 'amount_out_of_range', message, { amount: [message] })
    }
    if (amount > limits.maximumCentavos) {
      const message = PAYMENT_MESSAGES.amountTooLarge(limits.maximumCentavos)
      throw new ServiceError(422, 'amount_out_of_range', message, { amount: [message] })
    }
    return { group, amountDue, dueDate, amount, serviceCharge: group.serviceChargeCentavos, limits }
  }

  // --- views ---------------------------------------------------------------------------

  function instructionsFor(row: PaymentRow): string[] {
    if (row.status !== 'awaiting_payment') return []
    const total = formatPesos(pesos(row.totalCentavos))
    const group = channelGroup(row.channelGroup)
    const places = group.paymentMethods.map((m) => m.name).join(', ')
    const expires = row.expiresAt ? formatDate(row.expiresAt, 'dateTime') : null
    const common = [
      `Say you are paying a ${deps.productName} bill for account ${row.accountNumber}, and give the payment reference ${row.reference}.`,
      `Pay exactly ${total}.`,
      'Keep your receipt or validated slip as proof of payment.',
      ...(expires ? [`This reference can be used until ${expires}.`] : []),
      group.postingTime,
    ]
    return row.channelGroup === 'OVER THE COUNTER'
      ? [`Go to any branch of ${places} and fill in a bills payment slip.`, ...common]
      : [`Go to any ${places}.`, ...common, 'Cash only, no checks.']
  }

  function view(row: PaymentRow, events: EventRow[]): PaymentView {
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
      instructions: instructionsFor(row),
      postingTime: channelGroup(row.channelGroup).postingTime,
      createdAt: row.createdAt.toISOString(),
      postedAt: row.postedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      timeline: events.map((e) => ({ kind: e.kind, at: e.at.toISOString(), detail: e.detail })),
    }
  }

  async function viewsOf(db: Executor, rows: PaymentRow[]): Promise<PaymentView[]> {
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
        row,
        events.filter((e) => e.paymentId === row.id),
      ),
    )
  }

  async function viewOf(db: Executor, row: PaymentRow): Promise<PaymentView> {
    return (await viewsOf(db, [row]))[0]!
  }

  const addEvent = (tx: Executor, paymentId: string, kind: PaymentEventKind, at: Date, detail: string | null = null) =>
    tx.insert(paymentEvents).values({ paymentId, kind, at, detail })

  const notFound = () => new ServiceError(404, 'not_found', PAYMENT_MESSAGES.notFound)

  /** The payment if the viewer may see it; 404 otherwise, as if it did not exist. */
  async function visiblePayment(db: Executor, id: string, viewer: Viewer, lock = false): Promise<PaymentRow> {
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
      row.initiatedBy === null && madeByAny(sessionSecretRing(settings), key, (secret) => guestKeyWith(secret, row.id))
    if (!matches) throw notFound()
    return row
  }

  // --- posting -------------------------------------------------------------------------

  /** Posts a payment once, in the caller's transaction: billing's ledger, the timeline, the receipt. */
  async function post(tx: Executor, row: PaymentRow, at: Date, method: string | null): Promise<boolean> {
    if (row.status === 'posted') return false
    const posted = { ...row, paymentMethod: method ?? row.paymentMethod }
    await postPayment(tx, {
      accountNumber: row.accountNumber,
      amountCentavos: row.amountCentavos,
      postedAt: at,
      channel: ledgerChannel(posted),
      reference: row.reference,
    })
    await tx
      .update(portalPayments)
      .set({ status: 'posted', postedAt: at, updatedAt: at, paymentMethod: posted.paymentMethod })
      .where(eq(portalPayments.id, row.id))
    await addEvent(
      tx,
      row.id,
      'posted',
      at,
      `${formatPesos(pesos(row.amountCentavos))} posted to account ${row.accountNumber}.`,
    )
    if (row.receiptEmail) {
      await enqueueMessage(tx, receipt(posted, at), at)
      await addEvent(tx, row.id, 'receipt_emailed', at, `Receipt sent to ${maskEmail(row.receiptEmail)}.`)
    }
    return true
  }

  function receipt(row: PaymentRow, at: Date) {
    const lines = [
      'Hello,',
      '',
      `Thank you. We received your payment for the ${deps.productName} account ending in ${row.accountNumber.slice(-4)}.`,
      '',
      `Reference: ${row.reference}`,
      `Amount credited: ${formatPesos(pesos(row.amountCentavos))}`,
      ...(row.serviceChargeCentavos > 0 ? [`Service charge: ${formatPesos(pesos(row.serviceChargeCentavos))}`] : []),
      `Total paid: ${formatPesos(pesos(row.totalCentavos))}`,
      `Channel: ${ledgerChannel(row)}`,
      `Posted: ${formatDate(at, 'dateTime')}`,
      '',
      deps.productName,
    ]
    return {
      channel: 'email' as const,
      recipient: row.receiptEmail!,
      subject: `${deps.productName} payment receipt ${row.reference}`,
      body: lines.join('\n'),
    }
  }

  async function applyEvent(tx: Executor, row: PaymentRow, event: GatewayEvent, at: Date): Promise<boolean> {
    const method = event.method ?? row.paymentMethod
    if (event.outcome === 'paid') {
      if (row.status === 'posted') return false
      if (event.gatewayPaymentId) {
        await tx
          .update(portalPayments)
          .set({ gatewayPaymentId: event.gatewayPaymentId })
          .where(eq(portalPayments.id, row.id))
      }
      if (event.amountCentavos !== null && event.amountCentavos !== row.totalCentavos) {
        // Money came in, but not what was asked: held for a person to check, never posted blind.
        if (row.status !== 'authorised') {
          await tx
            .update(portalPayments)
            .set({ status: 'authorised', updatedAt: at })
            .where(eq(portalPayments.id, row.id))
          await addEvent(
            tx,
            row.id,
            'authorised',
            at,
            `${formatPesos(pesos(event.amountCentavos))} received instead of ${formatPesos(pesos(row.totalCentavos))}: we will check it and post it.`,
          )
        }
        deps.logger.error({ paymentId: row.id, eventId: event.id }, 'gateway paid a different amount: held')
        return true
      }
      if (row.status !== 'authorised') {
        await addEvent(
          tx,
          row.id,
          'authorised',
          at,
          `Paid with ${METHOD_LABELS[method ?? ''] ?? method ?? 'the gateway'}.`,
        )
      }
      return post(tx, row, at, method)
    }
    if (event.outcome === 'failed') {
      // Only a payment still waiting fails; a paid or posted one stays (events arrive in any order).
      if (row.status !== 'pending') return false
      await tx
        .update(portalPayments)
        .set({ status: 'failed', updatedAt: at, paymentMethod: method })
        .where(eq(portalPayments.id, row.id))
      await addEvent(tx, row.id, 'failed', at, event.failedMessage ?? 'The payment did not go through.')
      return true
    }
    return false
  }

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

  /** Our payment an event is about: by the metadata we gave the session, else the session or intent id. */
  async function paymentOfEvent(tx: Executor, event: GatewayEvent): Promise<PaymentRow | null> {
    const id = event.metadata.payment_id
    const where =
      id && UUID.test(id)
        ? eq(portalPayments.id, id)
        : event.checkoutSessionId
          ? eq(portalPayments.checkoutSessionId, event.checkoutSessionId)
          : event.paymentIntentId
            ? eq(portalPayments.paymentIntentId, event.paymentIntentId)
            : null
    if (!where) return null
    const [row] = await tx.select().from(portalPayments).where(where).limit(1).for('update')
    return row ?? null
  }

  return {
    /** spec 7: methods and channels; spec 5: forceHidePaymentOptions. */
    methods(): { forceHidePaymentOptions: boolean; channelGroups: ChannelGroupView[] } {
      return {
        forceHidePaymentOptions: deps.payments.forceHidePaymentOptions === 'true',
        channelGroups: offeredGroups(deps.payments.forceHidePaymentOptions).map((group) => ({
          name: group.name,
          kind: group.kind,
          paymentMethods: group.paymentMethods.map((m) => ({ ...m })),
          serviceCharge: pesos(group.serviceChargeCentavos),
          postingTime: group.postingTime,
          notes: [...group.notes],
        })),
      }
    },

    /** The amount due: the holder's name in full for the signed-in owner, masked for a guest (nothing else). */
    async amountDue(accountNumber: string, caller: Caller | null, client?: GuestClient) {
      const account = await payableAccount(accountNumber, caller, client)
      const { amountDue, dueDate } = await amountDueCentavos(accountNumber)
      const limits = amountLimits(amountDue)
      const common = {
        accountNumber,
        amountDue: pesos(amountDue),
        minimum: pesos(limits.minimumCentavos),
        maximum: pesos(limits.maximumCentavos),
      }
      return caller
        ? { ...common, holderName: account.holderName, maskedHolderName: maskName(account.holderName), dueDate }
        : { ...common, holderName: null, maskedHolderName: maskName(account.holderName), dueDate: null }
    },

    /** What a payment would be, before paying (spec 9: the internet banking charge shown first). */
    async quote(request: PaymentRequest, caller: Caller | null, client?: GuestClient): Promise<Quote> {
      await payableAccount(request.accountNumber, caller, client)
      const priced = await price(request)
      return {
        accountNumber: request.accountNumber,
        channelGroup: priced.group.name,
        amountDue: pesos(priced.amountDue),
        amount: pesos(priced.amount),
        serviceCharge: pesos(priced.serviceCharge),
        total: pesos(priced.amount + priced.serviceCharge),
        minimum: pesos(priced.limits.minimumCentavos),
        maximum: pesos(priced.limits.maximumCentavos),
      }
    },

    /**
     * Starts a payment: online, a checkout session at the gateway (its URL answered); at a
     * counter or outlet, a reference with instructions. A guest is answered a key that
     * reads this payment, and nothing else, and a device token for the account (the one the
     * browser holds, or a new one): from then on strangers' tries do not stop this browser.
     */
    async initiate(
      request: PaymentRequest,
      caller: Caller | null,
      options: { client?: GuestClient; initiationKey?: string } = {},
    ): Promise<{ payment: PaymentView; guestKey: string | null; deviceToken: string | null }> {
      const account = await payableAccount(request.accountNumber, caller, options.client)
      const deviceToken = caller
        ? null
        : (account.trustedToken ?? issueDeviceToken(sessionSecretRing(settings), `account:${request.accountNumber}`))
      const answer = (row: PaymentRow, payment: PaymentView) => ({
        payment,
        guestKey: row.initiatedBy === null ? guestKeyOf(row.id) : null,
        deviceToken,
      })
      if (options.initiationKey) {
        const [seen] = await db
          .select()
          .from(portalPayments)
          .where(eq(portalPayments.initiationKey, options.initiationKey))
          .limit(1)
        if (seen) {
          if (seen.accountNumber !== request.accountNumber || seen.initiatedBy !== (caller?.sub ?? null)) {
            throw new ServiceError(409, 'initiation_key_reused', PAYMENT_MESSAGES.initiationKeyReused)
          }
          return answer(seen, await viewOf(db, seen))
        }
      }
      const priced = await price(request)
      const now = deps.now()
      const online = priced.group.kind === 'online'
      const [created] = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(portalPayments)
          .values({
            accountNumber: request.accountNumber,
            amountCentavos: priced.amount,
            serviceChargeCentavos: priced.serviceCharge,
            totalCentavos: priced.amount + priced.serviceCharge,
            channelGroup: priced.group.name,
            paymentMethod: request.paymentMethod ?? null,
            status: online ? 'pending' : 'awaiting_payment',
            reference: newReference(),
            gateway: online ? gateway.name : 'counter',
            receiptEmail: request.email ?? account.registeredEmail ?? null,
            initiatedBy: caller?.sub ?? null,
            initiationKey: options.initiationKey ?? null,
            expiresAt: online ? null : new Date(now.getTime() + REFERENCE_LIFE_DAYS * 86_400_000),
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        const row = rows[0]!
        await addEvent(
          tx,
          row.id,
          'initiated',
          now,
          online
            ? `${formatPesos(pesos(row.totalCentavos))} by ${priced.group.name.toLowerCase()}.`
            : `Payment reference ${row.reference} issued for ${formatPesos(pesos(row.totalCentavos))}.`,
        )
        return rows
      })
      let row = created!
      if (online) {
        const url = (path: string) => `${settings.publicUrl}${path.replaceAll('{id}', row.id)}`
        try {
          const session = await gateway.createCheckoutSession(
            {
              reference: row.reference,
              description: `${deps.productName} bill payment for account ${row.accountNumber}`,
              lineItems: [
                { name: `Payment for account ${row.accountNumber}`, amountCentavos: row.amountCentavos, quantity: 1 },
                ...(row.serviceChargeCentavos > 0
                  ? [
                      {
                        name: 'Internet banking service charge',
                        amountCentavos: row.serviceChargeCentavos,
                        quantity: 1,
                      },
                    ]
                  : []),
              ],
              paymentMethodTypes: request.paymentMethod
                ? [request.paymentMethod]
                : priced.group.paymentMethods.map((m) => m.code),
              successUrl: url(request.successPath ?? DEFAULT_SUCCESS_PATH),
              cancelUrl: url(request.failurePath ?? DEFAULT_FAILURE_PATH),
              metadata: { payment_id: row.id, account_number: row.accountNumber },
            },
            // Ours per payment: a retried create answers the same session.
            row.id,
          )
          const [updated] = await db
            .update(portalPayments)
            .set({
              checkoutSessionId: session.id,
              checkoutUrl: session.checkoutUrl,
              paymentIntentId: session.paymentIntentId,
              updatedAt: deps.now(),
            })
            .where(eq(portalPayments.id, row.id))
            .returning()
          row = updated!
        } catch (error) {
          if (!(error instanceof PaymentGatewayError)) throw error
          deps.logger.error({ paymentId: row.id, err: error }, 'payment gateway refused a checkout session')
          await db.transaction(async (tx) => {
            const at = deps.now()
            await tx
              .update(portalPayments)
              .set({ status: 'failed', updatedAt: at })
              .where(eq(portalPayments.id, row.id))
            await addEvent(tx, row.id, 'failed', at, 'The payment gateway could not start the payment.')
          })
          throw new ServiceError(502, 'payment_gateway_unavailable', PAYMENT_MESSAGES.unableToProcess)
        }
      }
      return answer(row, await viewOf(db, row))
    },

    /** One payment's state and timeline (the return pages). */
    async payment(id: string, viewer: Viewer): Promise<PaymentView> {
      return viewOf(db, await visiblePayment(db, id, viewer))
    },

    /** The payer gave up at the gateway: a payment still waiting is cancelled (a later paid webhook still posts it). */
    async cancel(id: string, viewer: Viewer): Promise<PaymentView> {
      return db.transaction(async (tx) => {
        const row = await visiblePayment(tx, id, viewer, true)
        if (row.status === 'pending' || row.status === 'awaiting_payment') {
          const at = deps.now()
          await tx
            .update(portalPayments)
            .set({ status: 'cancelled', updatedAt: at })
            .where(eq(portalPayments.id, row.id))
          await addEvent(tx, row.id, 'cancelled', at, 'You cancelled the payment.')
        }
        const [after] = await tx.select().from(portalPayments).where(eq(portalPayments.id, row.id))
        return viewOf(tx, after!)
      })
    },

    /** An account's payments through the portal, newest first, each with its timeline (bill history). */
    async history(accountNumber: string, caller: Caller): Promise<{ accountNumber: string; payments: PaymentView[] }> {
      requireOwnAccount(caller, accountNumber)
      const rows = await db
        .select()
        .from(portalPayments)
        .where(eq(portalPayments.accountNumber, accountNumber))
        .orderBy(desc(portalPayments.createdAt))
        .limit(100)
      return { accountNumber, payments: await viewsOf(db, rows) }
    },

    /**
     * A gateway webhook: verified over the raw body, handled once per event id, in one
     * transaction with what it changes. Answers what happened, for the log.
     */
    async handleWebhook(rawBody: string, signature: string | null): Promise<'handled' | 'duplicate' | 'ignored'> {
      let event: GatewayEvent
      try {
        event = gateway.verifyWebhook(rawBody, signature)
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          deps.logger.warn({ reason: error.message }, 'payment webhook refused')
          throw new ServiceError(401, 'invalid_signature', 'The webhook signature is not valid.')
        }
        throw error
      }
      const result = await db.transaction(async (tx) => {
        const at = deps.now()
        const [fresh] = await tx
          .insert(gatewayWebhookEvents)
          .values({ eventId: event.id, type: event.type, receivedAt: at })
          .onConflictDoNothing()
          .returning()
        if (!fresh) return 'duplicate' as const
        if (event.outcome === 'other') return 'ignored' as const
        const row = await paymentOfEvent(tx, event)
        if (!row) {
          deps.logger.warn({ eventId: event.id, type: event.type }, 'payment webhook for no payment of ours')
          return 'ignored' as const
        }
        await tx
          .update(gatewayWebhookEvents)
          .set({ paymentId: row.id })
          .where(eq(gatewayWebhookEvents.eventId, event.id))
        return (await applyEvent(tx, row, event, at)) ? ('handled' as const) : ('ignored' as const)
      })
      delivery.kick()
      return result
    },

    /**
     * Payment reconciliation (the `payments-reconcile` job, docs/decisions/0050): a webhook can
     * be lost (the gateway gave up, every copy was down). Each online payment still pending, or
     * cancelled at the gateway's page, RECONCILE_AFTER_MINUTES after its last change and within
     * RECONCILE_WITHIN_DAYS, is asked of the gateway: a paid checkout posts exactly as its
     * webhook would (a webhook arriving later finds it posted), an expired one that was pending
     * is marked expired. Each payment is decided under its row lock, so two runs at once post once.
     */
    async reconcile(): Promise<{ checked: number; posted: number; expired: number; unanswered: number }> {
      const now = deps.now()
      const due = await db
        .select({ id: portalPayments.id, checkoutSessionId: portalPayments.checkoutSessionId })
        .from(portalPayments)
        .where(
          and(
            inArray(portalPayments.status, ['pending', 'cancelled']),
            isNotNull(portalPayments.checkoutSessionId),
            lt(portalPayments.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
            gt(portalPayments.createdAt, new Date(now.getTime() - RECONCILE_WITHIN_DAYS * 86_400_000)),
          ),
        )
        .orderBy(asc(portalPayments.updatedAt))
        .limit(RECONCILE_BATCH)
      let posted = 0
      let expired = 0
      let unanswered = 0
      for (const { id, checkoutSessionId } of due) {
        let session: Awaited<ReturnType<PaymentGateway['retrieveCheckoutSession']>>
        try {
          session = await gateway.retrieveCheckoutSession(checkoutSessionId!)
        } catch (error) {
          // The gateway did not answer about this one: the others are still asked; the job retries.
          unanswered++
          deps.logger.warn({ paymentId: id, err: error }, 'reconciliation: the gateway did not answer')
          continue
        }
        const paid = session.payments.find((payment) => payment.status === 'paid')
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(portalPayments).where(eq(portalPayments.id, id)).limit(1).for('update')
          if (!row) return
          const at = deps.now()
          if (session.status === 'paid' && paid) {
            const event: GatewayEvent = {
              id: `reconcile:${session.id}`,
              type: 'reconciliation',
              livemode: false,
              outcome: 'paid',
              checkoutSessionId: session.id,
              paymentIntentId: session.paymentIntentId,
              gatewayPaymentId: paid.id,
              amountCentavos: paid.amountCentavos,
              method: paid.method,
              failedMessage: null,
              metadata: session.metadata,
            }
            if (row.status !== 'posted' && (await applyEvent(tx, row, event, at))) {
              posted++
              deps.logger.warn({ paymentId: row.id }, 'payment posted by reconciliation: its webhook never came')
            }
          } else if (session.status === 'expired' && row.status === 'pending') {
            await tx
              .update(portalPayments)
              .set({ status: 'expired', updatedAt: at })
              .where(eq(portalPayments.id, row.id))
            await addEvent(tx, row.id, 'cancelled', at, 'The payment page expired before anything was paid.')
            expired++
          }
        })
      }
      if (posted > 0) delivery.kick()
      return { checked: due.length, posted, expired, unanswered }
    },

    /** Operator: a counter or outlet reference was paid (the bank's or outlet's report). Posts it once. */
    async postReference(reference: string): Promise<PaymentView> {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(portalPayments)
          .where(eq(portalPayments.reference, reference))
          .limit(1)
          .for('update')
        if (!row || row.gateway !== 'counter') throw notFound()
        const at = deps.now()
        if (row.status === 'posted') return row
        const expired = row.expiresAt !== null && row.expiresAt.getTime() < at.getTime()
        if (row.status !== 'awaiting_payment' || expired) {
          throw new ServiceError(409, 'reference_not_payable', PAYMENT_MESSAGES.referenceNotPayable)
        }
        await post(tx, row, at, row.paymentMethod)
        const [after] = await tx.select().from(portalPayments).where(eq(portalPayments.id, row.id))
        return after!
      })
      delivery.kick()
      return viewOf(db, result)
    },
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
