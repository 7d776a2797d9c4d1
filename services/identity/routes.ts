/**
 * The identity calls a visitor makes before signing in (spec 7, Identity and Email rows):
 * registration, resend activation, verify email, password reset request and reset.
 * The calls that need a bearer token (attributes, link, unlink) arrive with the OpenID
 * provider; their domain functions are in service.ts.
 */
import { Hono } from 'hono'
import {
  PasswordResetRequestSchema,
  PasswordResetSchema,
  RegistrationSchema,
  ResendActivationSchema,
  VerifyEmailSchema,
} from '../../lib/identity-schemas.ts'
import { HEADER } from '../../lib/signature.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createIdentityService, type IdentityService } from './service.ts'

export function identityRoutes(deps: ServiceDeps, service: IdentityService = createIdentityService(deps)) {
  const app = new Hono()

  app.post('/users/registration', async (c) => {
    const input = await readJsonBody(c, RegistrationSchema)
    return c.json(ok(await service.register(input, c.req.header(HEADER.clientAddress))), 201)
  })

  app.post('/users/resend-activation', async (c) => {
    const { email } = await readJsonBody(c, ResendActivationSchema)
    return c.json(ok(await service.resendActivation(email, c.req.header(HEADER.clientAddress))))
  })

  app.patch('/users/verify-email', async (c) => {
    const { token } = await readJsonBody(c, VerifyEmailSchema)
    return c.json(ok(await service.verifyEmail(token)))
  })

  app.post('/users/password-reset', async (c) => {
    const { email } = await readJsonBody(c, PasswordResetRequestSchema)
    return c.json(ok(await service.requestPasswordReset(email, c.req.header(HEADER.clientAddress))))
  })

  app.patch('/users/password-reset', async (c) => {
    const { accessToken, newPassword } = await readJsonBody(c, PasswordResetSchema)
    return c.json(ok(await service.resetPassword(accessToken, newPassword)))
  })

  return app
}
