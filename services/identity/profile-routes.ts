/**
 * The profile calls (issue 11 item 7; spec 7 Identity "PATCH mobile number", Email
 * "validate email with OTP"), as the signed-in user; the user is always the token's subject.
 *   GET    /users/me/profile          names, masked email and mobile, changes under way
 *   POST   /users/me/contact/otp      { kind: email | mobile, value }  a code to the NEW address
 *   DELETE /users/me/contact/otp      { emailHashValue }               drop a change under way
 *   PATCH  /users/me/mobile-number    { otp, emailHashValue }          right code: the change applies
 *   PATCH  /users/me/email            { otp, emailHashValue }
 * Addresses and codes travel in bodies only, never in paths (they would be logged).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { EmailSchema, MobileNumberSchema, OtpCodeSchema } from '../../lib/identity-schemas.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createContactChangeService, type ContactChangeService } from './contact-change.ts'

const SendSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), value: EmailSchema }),
  z.strictObject({ kind: z.literal('mobile'), value: MobileNumberSchema }),
])
const VerifySchema = z.strictObject({ otp: OtpCodeSchema, emailHashValue: z.string().min(1).max(100) })
const CancelSchema = z.strictObject({ emailHashValue: z.string().min(1).max(100) })

export function profileRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: ContactChangeService = createContactChangeService(deps),
) {
  const app = new Hono<BearerEnv>()
  const signedIn = requireCaller(deps.accessTokens)

  app.get('/users/me/profile', signedIn, async (c) => c.json(ok(await service.profile(c.get('caller').sub))))

  app.post('/users/me/contact/otp', signedIn, async (c) => {
    const { kind, value } = await readJsonBody(c, SendSchema)
    return c.json(ok(await service.send(c.get('caller').sub, kind, value)))
  })

  app.delete('/users/me/contact/otp', signedIn, async (c) => {
    const { emailHashValue } = await readJsonBody(c, CancelSchema)
    return c.json(ok(await service.cancel(c.get('caller').sub, emailHashValue)))
  })

  for (const [path, kind] of [
    ['/users/me/mobile-number', 'mobile'],
    ['/users/me/email', 'email'],
  ] as const) {
    app.patch(path, signedIn, async (c) => {
      const { otp, emailHashValue } = await readJsonBody(c, VerifySchema)
      return c.json(ok(await service.verify(c.get('caller').sub, kind, emailHashValue, otp)))
    })
  }

  return app
}
