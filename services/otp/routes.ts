/**
 * The ownership-proof calls (spec 7, OTP: send, verify; emailHashValue), all as the
 * signed-in user: the user is always the token's subject, never a field, and the account
 * being proven is the one they started with, kept here (docs/security.md, Ownership proof).
 *   GET    /otp/pending           the proof under way: account, masked contacts, code state; or null
 *   POST   /otp/start             { accountNumber }    step 1: the account to prove
 *   DELETE /otp/pending           cancel
 *   POST   /otp/send              { channel: email | mobile }   a new code to that contact
 *   POST   /otp/verify            { otp, emailHashValue }       right: linked, verified; answers the attributes
 * Account numbers and codes travel in bodies only, never in paths (they would be logged).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema, OtpChannelSchema, OtpCodeSchema } from '../../lib/identity-schemas.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createOtpService, type OtpService } from './service.ts'

const StartSchema = z.strictObject({ accountNumber: AccountNumberSchema })
const SendSchema = z.strictObject({ channel: OtpChannelSchema })
const VerifySchema = z.strictObject({ otp: OtpCodeSchema, emailHashValue: z.string().min(1).max(100) })

export function otpRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: OtpService = createOtpService(deps),
) {
  const app = new Hono<BearerEnv>()
  app.use('/otp/*', requireCaller(deps.accessTokens))

  app.get('/otp/pending', async (c) => c.json(ok(await service.pending(c.get('caller').sub))))

  app.post('/otp/start', async (c) => {
    const { accountNumber } = await readJsonBody(c, StartSchema)
    return c.json(ok(await service.start(c.get('caller').sub, accountNumber)))
  })

  app.delete('/otp/pending', async (c) => c.json(ok(await service.cancel(c.get('caller').sub))))

  app.post('/otp/send', async (c) => {
    const { channel } = await readJsonBody(c, SendSchema)
    return c.json(ok(await service.send(c.get('caller').sub, channel)))
  })

  app.post('/otp/verify', async (c) => {
    const { otp, emailHashValue } = await readJsonBody(c, VerifySchema)
    const user = await service.verify(c.get('caller').sub, emailHashValue, otp)
    return c.json(ok({ roles: user.roles, ...user.attributes }))
  })

  return app
}
