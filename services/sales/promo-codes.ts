/**
 * Promo codes' rules (issue 13; issue 33 item 8; docs/decisions/0063), owned by the sales
 * service with its table. The sales calls list and check them for an agent; the orders
 * service prices a cart with them through `promoForPlan`, the one place that says whether a
 * code applies: known, valid today (Manila calendar dates, both inclusive), for the plan's
 * customer segment and, when the code names plans, for that plan.
 */
import { asc, eq } from 'drizzle-orm'
import { formatDate } from '../../lib/dates.ts'
import type { Executor } from '../db/client.ts'
import { promoCodes } from './tables.ts'

export type PromoCode = {
  code: string
  description: string
  discountPesos: number
  validFrom: string
  validUntil: string
  segments: string[]
  /** The plans it is for; empty: every plan of its segments. */
  planCodes: string[]
}

/** A plan as the rules see it: its code, its name for the message, its segments (Residential, SME). */
export type PromoPlan = { code: string; name: string; segments: string[] }

export const PROMO_MESSAGES = {
  invalid: 'This promo code is not valid.',
  notYet: (from: string) => `This promo code can be used from ${formatDate(from, 'date')}.`,
  ended: (until: string) => `This promo code ended on ${formatDate(until, 'date')}.`,
  notForPlan: (planName: string) => `This promo code does not apply to ${planName}.`,
  onePerApplication: (code: string) => `Only one promo code can be used per application. Remove ${code} first.`,
} as const

type PromoRow = typeof promoCodes.$inferSelect

function promoOf(row: PromoRow): PromoCode {
  return {
    code: row.code,
    description: row.description,
    discountPesos: row.discountPesos,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    segments: [...row.segments],
    planCodes: [...row.planCodes],
  }
}

/** The code as an agent may type it: trimmed, upper-cased. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase()
}

/** Whether a code is for a customer segment (Residential, SME): one that names none is for every segment. */
export function fitsSegment(promo: PromoCode, segment: string): boolean {
  return promo.segments.length === 0 || promo.segments.includes(segment)
}

/** Why a code does not apply today to a plan (the message shown beside the field), or null when it does. */
export function promoRefusal(promo: PromoCode | null, today: string, plan?: PromoPlan): string | null {
  if (!promo) return PROMO_MESSAGES.invalid
  if (today < promo.validFrom) return PROMO_MESSAGES.notYet(promo.validFrom)
  if (today > promo.validUntil) return PROMO_MESSAGES.ended(promo.validUntil)
  if (!plan) return null
  const segmentFits = plan.segments.some((segment) => fitsSegment(promo, segment))
  const planFits = promo.planCodes.length === 0 || promo.planCodes.includes(plan.code)
  return segmentFits && planFits ? null : PROMO_MESSAGES.notForPlan(plan.name)
}

export async function findPromoCode(db: Executor, code: string): Promise<PromoCode | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalisePromoCode(code)))
  return row ? promoOf(row) : null
}

/** The codes valid today, for a segment when given. */
export async function promoCodesValidOn(db: Executor, today: string, segment?: string): Promise<PromoCode[]> {
  const rows = await db.select().from(promoCodes).orderBy(asc(promoCodes.code))
  return rows
    .map(promoOf)
    .filter((promo) => promoRefusal(promo, today) === null)
    .filter((promo) => !segment || fitsSegment(promo, segment))
}

/**
 * The promo a cart's plan gets from its code today: `{ promo }` when it applies, else
 * `{ refusal }` with the reason (an unknown code, outside its dates, another plan).
 */
export async function promoForPlan(
  db: Executor,
  code: string,
  plan: PromoPlan,
  today: string,
): Promise<{ promo: PromoCode; refusal: null } | { promo: null; refusal: string }> {
  const promo = await findPromoCode(db, code)
  const refusal = promoRefusal(promo, today, plan)
  return refusal === null ? { promo: promo!, refusal: null } : { promo: null, refusal }
}
