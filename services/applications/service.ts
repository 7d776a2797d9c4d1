/**
 * Applications and installation slots (issue 10; spec 3, 4, 7; docs/decisions/0028).
 *
 * Submitting is idempotent: the portal names each submission with a key (from the draft's
 * id and its submission token); the first call with a key makes the application, books its
 * slot and queues the confirmation email, all in one transaction, and every later call
 * with that key answers the same application and changes nothing. The key is kept only as
 * its SHA-256.
 */
import crypto from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { AGE_MESSAGE, isAtLeast18, slotLabel, type ApplicationPayload } from '../../lib/application.ts'
import { manilaDate } from '../../lib/manila-time.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { draftAgentCode, draftInviteCode } from '../drafts/agent-drafts.ts'
import { hashDraftId } from '../drafts/service.ts'
import { createFileService } from '../files/service.ts'
import { bindDraftDocuments } from '../files/submitted.ts'
import { createOrderService, type CartView } from '../orders/service.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import { recordApplication, type ApplicationForReferral } from '../referrals/link.ts'
import { verificationKindOf } from '../../lib/application-status-words.ts'
import { formatPesos } from '../../lib/pesos.ts'
import { confirmationEmail } from './emails.ts'
import { openCrewSlots } from './crew-slots.ts'
import { type SlotWindow } from './slots.ts'
import { applications, appointmentSlots, type ApplicationPricing } from './tables.ts'
import { crewSlotView, type CrewSlot } from './crew-slots.ts'
import { issueEmailVerification } from './tracking.ts'

export const APPLICATION_MESSAGES = {
  slotFull: 'This installation slot is already full. Please choose another one.',
  slotNotOpen: 'This installation slot is not available. Please choose another one.',
  documentsMissing: 'Please upload the required documents first.',
  cartChanged: 'Your plan changed while you were applying. Please review your plan and submit again.',
} as const

/** A crew slot as the installation step shows it (one shape with repair visits: ./crew-slots.ts). */
export type SlotView = CrewSlot

export type ApplicationView = {
  applicationId: string
  referenceNo: string
  status: 'submitted'
  customerSegment: 'Residential' | 'SME'
  slot: { slotId: string; label: string }
  createdAt: string
}

// Crockford's base32: no I, L, O or U, so a reference read out over the phone is not misheard.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** OO (a web order: spec 4 routes OO references to their own verification), the Manila date, 6 random characters. */
export function newReferenceNo(now: Date): string {
  const date = manilaDate(now).replace(/-/g, '').slice(2)
  const bytes = crypto.randomBytes(6)
  const tail = Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte & 31]).join('')
  return `OO-${date}-${tail}`
}

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('base64url')
}

type SlotRow = typeof appointmentSlots.$inferSelect
const slotView = crewSlotView

function applicationView(row: typeof applications.$inferSelect): ApplicationView {
  const [date, window] = [row.slotId.slice(0, 10), row.slotId.slice(11) as SlotWindow]
  return {
    applicationId: row.id,
    referenceNo: row.referenceNo,
    status: 'submitted',
    customerSegment: row.customerSegment,
    slot: { slotId: row.slotId, label: slotLabel(date, window) },
    createdAt: row.createdAt.toISOString(),
  }
}

/** What the referrals service needs of an application (issue 15): the applicant and the installation address. */
function forReferral(
  application: { id: string; referenceNo: string },
  payload: ApplicationPayload,
  inviteCode: string | null,
  now: Date,
): ApplicationForReferral {
  const address = payload.addresses.find((a) => a.addressType === 'residential') ?? payload.addresses[0]!
  const coordinate = (value: string | null) =>
    value === null || !Number.isFinite(Number(value)) ? null : Number(value)
  return {
    applicationId: application.id,
    referenceNo: application.referenceNo,
    firstName: payload.firstName,
    lastName: payload.lastName,
    email: payload.emailAddress,
    mobileNumber: payload.mobileNumber,
    alternateMobileNumber: payload.alternateContactNumber,
    address: {
      region: address.region ?? '',
      regionId: address.regionId ?? '',
      province: address.province,
      provinceId: address.provinceId ?? '',
      municipality: address.cityMunicipality,
      municipalityId: address.cityMunicipalityId ?? '',
      barangay: address.barangay,
      barangayId: address.barangayId ?? '',
      subdivision: address.subdivisionVillage,
      subdivisionId: address.subdivisionId,
      building: address.buildingName,
      buildingId: address.buildingId,
      zipCode: address.zipCode,
      latitude: coordinate(address.latitude ?? payload.latitude),
      longitude: coordinate(address.longitude ?? payload.longitude),
    },
    inviteCode,
    now,
  }
}

/** What the applicant was quoted (issue 33): the draft's cart as the orders service prices it now. */
function pricingOf(cart: CartView): ApplicationPricing {
  return {
    monthlyRecurringFee: cart.totals.monthlyRecurringFee,
    dueUpfront: cart.totals.dueUpfront,
    dueAtInstallation: cart.totals.dueAtInstallation,
    instalments: cart.totals.instalments,
    promo: cart.promo,
    firstBill: cart.totals.firstBill,
  }
}

/** A reference number or key already taken by a concurrent insert: the transaction is undone and the caller looks again. */
class InsertRaced extends Error {}

export type ApplicationService = ReturnType<typeof createApplicationService>

export function createApplicationService(deps: ServiceDeps) {
  const delivery = createDeliveryQueue(deps)
  const files = createFileService(deps)
  const orders = createOrderService(deps)

  /** The open slots' rows, made for any open day that has none yet. */
  async function openSlots(db: Executor): Promise<SlotRow[]> {
    return openCrewSlots(db, deps.now())
  }

  async function openSlot(db: Executor, slotId: string): Promise<SlotRow> {
    const slot = (await openSlots(db)).find((row) => row.slotId === slotId)
    if (!slot) throw new ServiceError(404, 'slot_not_open', APPLICATION_MESSAGES.slotNotOpen)
    return slot
  }

  async function existing(db: Executor, keyHash: string) {
    const [row] = await db.select().from(applications).where(eq(applications.idempotencyKeyHash, keyHash))
    return row
  }

  return {
    /** The slots open for booking, full ones included (shown as full). */
    async slots(): Promise<SlotView[]> {
      return (await openSlots(deps.db)).map(slotView)
    },

    /** Checks a visitor's choice (POST slots): an open slot with room, or a refusal with its message. */
    async chooseSlot(slotId: string): Promise<SlotView> {
      const slot = await openSlot(deps.db, slotId)
      if (slot.booked >= slot.capacity) throw new ServiceError(409, 'slot_full', APPLICATION_MESSAGES.slotFull)
      return slotView(slot)
    },

    /**
     * Makes the application once per key: `created` is false when the key was seen before
     * (then nothing else happens). Refuses an applicant under 18 on the services' clock and
     * a slot that filled up meanwhile.
     */
    /**
     * With the draft's id (the portal always sends it), the draft's documents must meet the
     * checklist, and they are bound to the application in its transaction: the operator
     * reviews them, and the compliance page's new files join them (docs/decisions/0033).
     */
    async submit(
      key: string,
      payload: ApplicationPayload,
      draftId?: string,
    ): Promise<{ created: boolean; application: ApplicationView }> {
      const keyHash = hashKey(key)
      const before = await existing(deps.db, keyHash)
      if (before) return { created: false, application: applicationView(before) }
      if (draftId && !(await files.checklist(draftId)).complete) {
        throw new ServiceError(422, 'documents_missing', APPLICATION_MESSAGES.documentsMissing, {
          documents: [APPLICATION_MESSAGES.documentsMissing],
        })
      }

      const now = deps.now()
      if (!isAtLeast18(payload.birthDate, manilaDate(now))) {
        throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', { birthDate: [AGE_MESSAGE] })
      }
      // issue 13, docs/security.md (fields the user must not set): the agent code is the one the
      // draft was claimed under by an agent, never what the body says; without one, 'self'.
      const agentCode = (draftId ? await draftAgentCode(deps.db, draftId, now) : null) ?? 'self'
      // issue 15: the same for a referral: the invite code the visitor came with is the draft's, never the body's.
      const inviteCode = draftId ? await draftInviteCode(deps.db, draftId, now) : null
      // Issue 33 (docs/decisions/0063): the totals are the draft's cart's, priced here now, with
      // the agent's promo code; a code that stopped applying, or a cart with another plan than
      // the body's, is refused with the reason, so the application never records a price not quoted.
      const cart = draftId ? await orders.readByDraft(draftId) : null
      if (cart?.promoNotice) {
        throw new ServiceError(409, 'promo_not_applicable', cart.promoNotice, { promoCode: [cart.promoNotice] })
      }
      if (cart && cart.planCode !== payload.planCode) {
        throw new ServiceError(409, 'cart_changed', APPLICATION_MESSAGES.cartChanged, {
          planCode: [APPLICATION_MESSAGES.cartChanged],
        })
      }
      // An agent's witness stands only on an agent's draft (so does a promo code: only that agent may enter one).
      const byAgent = agentCode !== 'self'
      payload = {
        ...payload,
        agentCode,
        consentsWitnessedBy: byAgent && payload.consentsWitnessedBy ? agentCode : null,
        promoCode: cart?.promo?.code ?? null,
        ...(cart
          ? {
              upfrontPayment: cart.upfrontPayment,
              dueAtInstallation: cart.totals.dueAtInstallation,
            }
          : {}),
      }
      const pricing = cart ? pricingOf(cart) : null
      const settings = settingsOf(deps)
      for (let attempt = 1; ; attempt++) {
        try {
          const row = await deps.db.transaction(async (tx) => {
            const slot = await openSlot(tx, payload.appointment.slotId)
            const [booked] = await tx
              .update(appointmentSlots)
              .set({ booked: sql`${appointmentSlots.booked} + 1` })
              .where(
                and(eq(appointmentSlots.slotId, slot.slotId), lt(appointmentSlots.booked, appointmentSlots.capacity)),
              )
              .returning()
            if (!booked) throw new ServiceError(409, 'slot_full', APPLICATION_MESSAGES.slotFull)
            const [created] = await tx
              .insert(applications)
              .values({
                id: crypto.randomUUID(),
                referenceNo: newReferenceNo(now),
                idempotencyKeyHash: keyHash,
                customerSegment: payload.customerSegment,
                status: 'submitted',
                emailAddress: payload.emailAddress,
                mobileNumber: payload.mobileNumber,
                slotId: slot.slotId,
                payload,
                agentCode,
                pricing,
                createdAt: now,
              })
              .onConflictDoNothing()
              .returning()
            if (!created) throw new InsertRaced()
            if (draftId) await bindDraftDocuments(tx, hashDraftId(draftId), created.id)
            // The referral the applicant came through, if any, moves with the application (docs/decisions/0048).
            await recordApplication(
              tx,
              forReferral(created, payload, inviteCode, now),
              settings.referrals,
              deps.productName,
            )
            await enqueueMessage(
              tx,
              confirmationEmail({
                productName: deps.productName,
                publicUrl: settings.publicUrl,
                to: payload.emailAddress,
                firstName: payload.firstName,
                referenceNo: created.referenceNo,
                planName: payload.planName,
                appointment: slotLabel(slot.date, slot.window),
                ...(payload.upfrontPayment === 'INSTALLER' && payload.dueAtInstallation
                  ? { installerCash: formatPesos(payload.dueAtInstallation) }
                  : {}),
                pricing,
              }),
              now,
            )
            // spec 4 (issue 33): the email verification link, of the service the reference names.
            await issueEmailVerification(tx, {
              application: created,
              kind: verificationKindOf(created.referenceNo),
              now,
              productName: deps.productName,
              publicUrl: settings.publicUrl,
            })
            return created
          })
          delivery.kick()
          return { created: true, application: applicationView(row) }
        } catch (error) {
          if (!(error instanceof InsertRaced)) throw error
          // The same key submitted at the same moment: the other call made it.
          const raced = await existing(deps.db, keyHash)
          if (raced) return { created: false, application: applicationView(raced) }
          // Otherwise the reference number was taken: another one (30 random bits a day make this rare).
          if (attempt >= 3) throw error
        }
      }
    },
  }
}
