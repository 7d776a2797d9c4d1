/**
 * oidc-provider's storage in Postgres (PGlite or a server), one table for every model.
 * The library's own adapter keeps everything in process memory: a restart would sign
 * everyone out and a second process would not see the first one's codes and tokens.
 * Expired rows are never returned; deleteExpiredOidcRows() removes them for good.
 */
import { and, eq, isNull, lt, or, gt } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Database } from '../../db/client.ts'
import { oidcModels } from './tables.ts'

// The models whose rows belong to a grant and go when it is revoked (the library's
// memory adapter indexes the same set). Others (Session, Interaction) may carry a
// grantId inside their payload without being part of the grant.
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
])

export type AdapterOptions = {
  now?: () => Date
  /** The error a second consumption throws (the provider passes its invalid_grant). */
  alreadyConsumed?: (kind: string) => Error
}

export function postgresAdapter(db: Database, options: AdapterOptions = {}) {
  const now = options.now ?? (() => new Date())
  const alreadyConsumed = options.alreadyConsumed ?? ((kind: string) => new Error(`${kind} already consumed`))
  return (kind: string): Adapter => new PostgresAdapter(db, kind, now, alreadyConsumed)
}

class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly kind: string,
    private readonly now: () => Date,
    private readonly alreadyConsumed: (kind: string) => Error,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: GRANTABLE.has(this.kind) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(this.now().getTime() + expiresIn * 1000) : null,
    }
    await this.db
      .insert(oidcModels)
      .values({ kind: this.kind, id, ...row })
      .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: row })
  }

  find(id: string) {
    return this.findOne(eq(oidcModels.id, id))
  }

  findByUid(uid: string) {
    return this.findOne(eq(oidcModels.uid, uid))
  }

  findByUserCode(userCode: string) {
    return this.findOne(eq(oidcModels.userCode, userCode))
  }

  /**
   * The library reads `consumed` and then calls this, so two requests presenting one code
   * (or one refresh token) at the same moment would both pass its check. Only one update
   * can win here; the others revoke the grant, as the library does for a later reuse, so
   * the winner's tokens die too, and fail with invalid_grant.
   */
  async consume(id: string) {
    const won = await this.db
      .update(oidcModels)
      .set({ consumedAt: this.now() })
      .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id), isNull(oidcModels.consumedAt)))
      .returning({ grantId: oidcModels.grantId })
    if (won.length > 0) return
    const [row] = await this.db
      .select({ grantId: oidcModels.grantId })
      .from(oidcModels)
      .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)))
    // Gone meanwhile (a concurrent loser revoked the grant): no use either.
    if (row?.grantId) {
      await this.db.delete(oidcModels).where(eq(oidcModels.grantId, row.grantId))
      await this.db.delete(oidcModels).where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.id, row.grantId)))
    }
    throw this.alreadyConsumed(this.kind)
  }

  async destroy(id: string) {
    await this.db.delete(oidcModels).where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)))
  }

  async revokeByGrantId(grantId: string) {
    // Every token of the grant, whatever this adapter's own kind: the library calls
    // this on one model and expects the whole grant's artifacts gone.
    await this.db.delete(oidcModels).where(eq(oidcModels.grantId, grantId))
  }

  private async findOne(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcModels)
      .where(
        and(
          eq(oidcModels.kind, this.kind),
          condition,
          or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, this.now())),
        ),
      )
      .limit(1)
    if (!row) return undefined
    const payload = row.payload as AdapterPayload
    // The library reads `consumed` (epoch seconds) to refuse a second use of a code or a rotated refresh token.
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload
  }
}

/** Deletes the rows whose time is up (run at start and from time to time). Returns how many went. */
export async function deleteExpiredOidcRows(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now)).returning({ id: oidcModels.id })
  return deleted.length
}
