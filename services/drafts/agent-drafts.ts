/**
 * What the sales service asks of the drafts service (issue 13; docs/decisions/0044): the
 * live drafts agents claimed (their code went with the claim), each named by an order id
 * that is safe to show and to put in a path, and the agent code a draft was filed under;
 * and what the applications service reads of a draft at submission (the agent code, the
 * referral invite).
 *
 * The order id is derived from the SHA-256 of the draft's id (what the table keeps), never
 * from the id itself: knowing it opens nothing. It is looked up only among the drafts of
 * the agents the caller answers for, which are few (a draft lives 4 hours after its last save).
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import { usableSections } from '../../lib/draft-sections.ts'
import type { Executor } from '../db/client.ts'
import { hashDraftId, newDraftId } from './service.ts'
import { drafts } from './tables.ts'

/** Bounds one listing; an agent with more live drafts than this sees the newest. */
export const MAX_AGENT_DRAFTS = 500

export type AgentDraft = {
  orderId: string
  agentCode: string
  ownerSub: string | null
  sections: Record<string, unknown>
  createdAt: Date
  updatedAt: Date
  expiresAt: Date
}

// Crockford's base32, as reference numbers use.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const ORDER_ID_PATTERN = /^DR-[0-9A-HJKMNP-TV-Z]{10}$/

/** 'DR-' and 50 bits of the id's hash in base32. */
export function orderIdOf(idHash: string): string {
  const bytes = Buffer.from(idHash, 'base64url')
  let bits = 0n
  for (const byte of bytes.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte)
  bits >>= 6n // 56 bits, keep 50
  let out = ''
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[Number(bits & 31n)] + out
    bits >>= 5n
  }
  return `DR-${out}`
}

/** The agent code of a live draft an agent claimed, or null (unclaimed, claimed by a non-agent, gone). */
export async function draftAgentCode(db: Executor, draftId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ agentCode: drafts.agentCode })
    .from(drafts)
    .where(and(eq(drafts.idHash, hashDraftId(draftId)), gt(drafts.expiresAt, now)))
  return row?.agentCode ?? null
}

/**
 * The invite code of a live draft's referral section (issue 15: a visitor who came through
 * a subscriber's invite link), or null. The applications service reads it at submission, so
 * the referral never rests on a field of the application's body.
 */
export async function draftInviteCode(db: Executor, draftId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ sections: drafts.sections })
    .from(drafts)
    .where(and(eq(drafts.idHash, hashDraftId(draftId)), gt(drafts.expiresAt, now)))
  const referral = row ? usableSections(row.sections).referral : undefined
  return referral?.kind === 'INVITE' ? referral.inviteCode : null
}

/** The live drafts claimed under these agent codes, newest first. */
export async function liveAgentDrafts(db: Executor, agentCodes: string[], now: Date): Promise<AgentDraft[]> {
  if (agentCodes.length === 0) return []
  const rows = await db
    .select()
    .from(drafts)
    .where(and(inArray(drafts.agentCode, agentCodes), gt(drafts.expiresAt, now)))
    .orderBy(desc(drafts.createdAt))
    .limit(MAX_AGENT_DRAFTS)
  return rows.map((row) => ({
    orderId: orderIdOf(row.idHash),
    agentCode: row.agentCode!,
    ownerSub: row.ownerSub,
    sections: row.sections,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    expiresAt: row.expiresAt,
  }))
}

/** Deletes the live draft of these agents with this order id; false when there is none. */
export async function deleteAgentDraft(db: Executor, agentCodes: string[], orderId: string, now: Date) {
  if (agentCodes.length === 0) return false
  const rows = await db
    .select({ idHash: drafts.idHash })
    .from(drafts)
    .where(and(inArray(drafts.agentCode, agentCodes), gt(drafts.expiresAt, now)))
  const match = rows.find((row) => orderIdOf(row.idHash) === orderId)
  if (!match) return false
  const deleted = await db.delete(drafts).where(eq(drafts.idHash, match.idHash)).returning({ idHash: drafts.idHash })
  return deleted.length > 0
}

export type RekeyedDraft = {
  /** The new id: the only one that opens the draft from now on. */
  draftId: string
  /** The order id of the new id (it follows the id's hash). */
  orderId: string
  previousIdHash: string
  idHash: string
  agentCode: string
  sections: Record<string, unknown>
  expiresAt: Date
}

/**
 * Resuming by order id (issue 13 item 2): gives the live draft of these agents with this order
 * id a new random id, replacing the stored hash in one statement, so the previous id (an old
 * cookie, another browser) opens nothing any more. Owner, sections and expiry are kept; null
 * when there is no such draft. The caller moves whatever else is bound to the previous hash
 * (files, cart) in the same transaction.
 */
export async function rekeyAgentDraft(
  db: Executor,
  agentCodes: string[],
  orderId: string,
  now: Date,
): Promise<RekeyedDraft | null> {
  if (agentCodes.length === 0 || !ORDER_ID_PATTERN.test(orderId)) return null
  const rows = await db
    .select({ idHash: drafts.idHash })
    .from(drafts)
    .where(and(inArray(drafts.agentCode, agentCodes), gt(drafts.expiresAt, now)))
  const match = rows.find((row) => orderIdOf(row.idHash) === orderId)
  if (!match) return null
  const draftId = newDraftId()
  const idHash = hashDraftId(draftId)
  const [row] = await db
    .update(drafts)
    .set({ idHash })
    .where(and(eq(drafts.idHash, match.idHash), inArray(drafts.agentCode, agentCodes), gt(drafts.expiresAt, now)))
    .returning()
  if (!row) return null
  return {
    draftId,
    orderId: orderIdOf(idHash),
    previousIdHash: match.idHash,
    idHash,
    agentCode: row.agentCode!,
    sections: row.sections,
    expiresAt: row.expiresAt,
  }
}
