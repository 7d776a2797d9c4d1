/**
 * Status, compliance and verification calls of the applications service (issue 10, parts 3
 * and 4; spec 7: email purposes ForCompliance and OTP_ForCompliance; docs/decisions/0033).
 * The reference and the identifier travel in bodies, never in paths (paths are logged).
 *
 * Portal channel:
 *   POST  /v1/applications/status                 { referenceNo, identifier }  the status and timeline
 *   POST  /v1/applications/compliance-email       { referenceNo, identifier }  a new compliance link (ForCompliance)
 *   POST  /v1/compliance/otp                      { token }                    a code to the applicant (OTP_ForCompliance)
 *   POST  /v1/compliance/otp/verify               { token, code }              spends the link, opens a session
 *   POST  /v1/compliance/session                  { token, sessionToken }      the rejected categories and reasons
 *   POST  /v1/compliance/files?category&…         a rejected document sent again (services/files/routes.ts)
 *   PATCH /v1/applications/verify-email/oo        { token }                    OO references' email verification
 *   PATCH /v1/applications/verify-email/cvg       { token }                    CVG references' email verification
 *
 * Operator channel only (OPERATOR_CHANNEL; the same signature, another channel name):
 *   POST  /v1/operator/applications/:id/status    { status, reason? }          advance (ALLOWED_MOVES)
 *   GET   /v1/operator/applications/:id/compliance                             the categories open for re-upload
 *   POST  /v1/operator/applications/:id/compliance { rejections: [{ category, reason }] }
 *   POST  /v1/operator/applications/:id/email-verification { kind: 'OO' | 'CVG' }
 */
import { Hono } from 'hono'
import { z } from 'zod'
import {
  ApplicationStatusSchema,
  LinkTokenSchema,
  OtpCodeSchema,
  VERIFICATION_KINDS,
} from '../../lib/application-status.ts'
// Only a category the files service takes can be rejected: the applicant must be able to send it again.
import { DocumentCategorySchema as UploadCategorySchema } from '../../lib/documents.ts'
import { HEADER } from '../../lib/signature.ts'
import type { ServiceDeps } from '../context.ts'
import { ok, ServiceError } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createTrackingService, type TrackingService } from './tracking.ts'

/** The channel name operator tools sign with; the gateway accepts it (services/gateway.ts). */
export const OPERATOR_CHANNEL = 'Operator'

const PairSchema = z.strictObject({
  referenceNo: z.string().trim().min(1).max(40),
  identifier: z.string().trim().min(1).max(254),
})
const TokenSchema = z.strictObject({ token: LinkTokenSchema })
const CodeSchema = z.strictObject({ token: LinkTokenSchema, code: OtpCodeSchema })
const SessionSchema = z.strictObject({ token: LinkTokenSchema, sessionToken: LinkTokenSchema })
const IdSchema = z.uuid()
const AdvanceSchema = z.strictObject({
  status: ApplicationStatusSchema,
  reason: z.string().trim().min(1).max(500).nullable().optional(),
})
const RejectSchema = z.strictObject({
  rejections: z
    .array(z.strictObject({ category: UploadCategorySchema, reason: z.string().trim().min(1).max(500) }))
    .min(1)
    .refine((list) => new Set(list.map((r) => r.category)).size === list.length, { error: 'Each category once' }),
})
const VerificationSchema = z.strictObject({ kind: z.enum(VERIFICATION_KINDS) })

function applicationId(id: string): string {
  const parsed = IdSchema.safeParse(id)
  if (!parsed.success) throw new ServiceError(404, 'not_found', 'No such application.')
  return parsed.data
}

export function trackingRoutes(deps: ServiceDeps, service: TrackingService = createTrackingService(deps)) {
  const app = new Hono()
  for (const path of ['/v1/applications/*', '/v1/compliance/*', '/v1/operator/*']) {
    app.use(path, async (c, next) => {
      await next()
      c.header('cache-control', 'no-store')
    })
  }

  // Operator calls only on the operator channel; the portal's channel cannot reach them.
  app.use('/v1/operator/*', async (c, next) => {
    if (c.req.header(HEADER.channel) !== OPERATOR_CHANNEL) {
      throw new ServiceError(403, 'forbidden', 'Operator calls need the operator channel.')
    }
    await next()
  })

  app.post('/v1/applications/status', async (c) => {
    const { referenceNo, identifier } = await readJsonBody(c, PairSchema, 400)
    return c.json(ok(await service.lookup(referenceNo, identifier, c.req.header(HEADER.clientAddress))))
  })

  app.post('/v1/applications/compliance-email', async (c) => {
    const { referenceNo, identifier } = await readJsonBody(c, PairSchema, 400)
    return c.json(ok(await service.resendComplianceLink(referenceNo, identifier, c.req.header(HEADER.clientAddress))))
  })

  app.post('/v1/compliance/otp', async (c) => {
    const { token } = await readJsonBody(c, TokenSchema, 400)
    return c.json(ok(await service.sendCode(token)))
  })

  app.post('/v1/compliance/otp/verify', async (c) => {
    const { token, code } = await readJsonBody(c, CodeSchema)
    return c.json(ok(await service.verifyCode(token, code)))
  })

  app.post('/v1/compliance/session', async (c) => {
    const { token, sessionToken } = await readJsonBody(c, SessionSchema, 400)
    return c.json(ok(await service.complianceBySession(token, sessionToken)))
  })

  for (const kind of VERIFICATION_KINDS) {
    app.patch(`/v1/applications/verify-email/${kind.toLowerCase()}`, async (c) => {
      const { token } = await readJsonBody(c, TokenSchema, 400)
      return c.json(ok(await service.verifyEmail(kind, token)))
    })
  }

  app.post('/v1/operator/applications/:id/status', async (c) => {
    const { status, reason } = await readJsonBody(c, AdvanceSchema)
    return c.json(ok(await service.advance(applicationId(c.req.param('id')), status, reason ?? null)))
  })

  app.get('/v1/operator/applications/:id/compliance', async (c) =>
    c.json(ok(await service.compliance(applicationId(c.req.param('id'))))),
  )

  app.post('/v1/operator/applications/:id/compliance', async (c) => {
    const { rejections } = await readJsonBody(c, RejectSchema)
    return c.json(ok(await service.rejectDocuments(applicationId(c.req.param('id')), rejections)))
  })

  app.post('/v1/operator/applications/:id/email-verification', async (c) => {
    const { kind } = await readJsonBody(c, VerificationSchema)
    return c.json(ok(await service.sendVerification(applicationId(c.req.param('id')), kind)))
  })

  return app
}
