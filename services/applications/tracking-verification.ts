/**
 * Email verification of applications (spec 4; issue 33): the OO and the CVG links, two
 * services, each proving the applicant's address once, issued on submission and when an
 * operator sends one again.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { VerificationKind } from '../../lib/application-status.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { enqueueMessage, type DeliveryQueue } from '../notifications/outbox.ts'
import { applications } from './tables.ts'
import { applicationVerificationEmail } from './tracking-emails.ts'
import { TRACKING_LIMITS } from './tracking-limits.ts'
import { applicationEmailVerifications } from './tracking-tables.ts'
import { hashToken, newToken } from './tracking-tokens.ts'
import { applicationById, type ApplicationRow } from './tracking-views.ts'

/**
 * Issues an application's email verification link of one of the two services (spec 4) and
 * queues its email, inside the caller's transaction: on submission (issue 33) and when an
 * operator sends one again.
 */
export async function issueEmailVerification(
  tx: Executor,
  options: {
    application: Pick<ApplicationRow, 'id' | 'referenceNo' | 'emailAddress'>
    kind: VerificationKind
    now: Date
    productName: string
    publicUrl: string
  },
): Promise<void> {
  const { application, kind, now } = options
  const token = newToken()
  await tx.insert(applicationEmailVerifications).values({
    tokenHash: hashToken(token),
    kind,
    applicationId: application.id,
    expiresAt: new Date(now.getTime() + TRACKING_LIMITS.verificationHours * 3_600_000),
  })
  await enqueueMessage(
    tx,
    applicationVerificationEmail({
      productName: options.productName,
      publicUrl: options.publicUrl,
      to: application.emailAddress,
      referenceNo: application.referenceNo,
      id: `${kind}-${token}`,
      expiresInHours: TRACKING_LIMITS.verificationHours,
    }),
    now,
  )
}

/** Sends the application's email verification link of one of the two services (spec 4). */
export async function sendVerification(
  deps: ServiceDeps,
  delivery: DeliveryQueue,
  applicationId: string,
  kind: VerificationKind,
): Promise<{ sent: true }> {
  const now = deps.now()
  const row = await applicationById(deps.db, applicationId)
  await deps.db.transaction((tx) =>
    issueEmailVerification(tx, {
      application: row,
      kind,
      now,
      productName: deps.productName,
      publicUrl: settingsOf(deps).publicUrl,
    }),
  )
  delivery.kick()
  return { sent: true }
}

/**
 * PATCH verify email of the OO or the CVG service: spends the link and records on the
 * application the address it proved and when (issue 33), or 404 for any dead link.
 */
export async function verifyEmail(
  deps: ServiceDeps,
  kind: VerificationKind,
  token: string,
): Promise<{ referenceNo: string }> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(applicationEmailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(applicationEmailVerifications.tokenHash, hashToken(token)),
          eq(applicationEmailVerifications.kind, kind),
          isNull(applicationEmailVerifications.usedAt),
          gt(applicationEmailVerifications.expiresAt, now),
        ),
      )
      .returning()
    if (!spent)
      throw new ServiceError(404, 'link_invalid', 'This verification link is invalid, expired or already used.')
    const [row] = await tx
      .update(applications)
      .set({ emailVerifiedAddress: sql`${applications.emailAddress}`, emailVerifiedAt: now })
      .where(eq(applications.id, spent.applicationId))
      .returning({ referenceNo: applications.referenceNo })
    if (!row) throw new ServiceError(404, 'link_invalid', 'This verification link is invalid, expired or already used.')
    return { referenceNo: row.referenceNo }
  })
}
