/**
 * The identity calls (spec 7, Identity and Email rows). A visitor's: registration, resend
 * activation, verify email, password reset request and reset. A signed-in user's, with
 * their access token as the bearer (services/bearer.ts): change their own attributes,
 * unlink an account (linking is the ownership proof's, services/otp). The user is always the token's subject, never a field.
 */
import { Hono } from 'hono'
import {
  AttributesUpdateSchema,
  LinkAccountSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  RegistrationSchema,
  ResendActivationSchema,
  VerifyEmailSchema,
} from '../../lib/identity-schemas.ts'
import { HEADER } from '../../lib/signature.ts'
import {
  requireCaller,
  requireLinkedAccount,
  requireOwnAccount,
  type AccessTokenVerifier,
  type BearerEnv,
} from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createIdentityService, type IdentityService } from './service.ts'
import type { IdentityUser } from './users.ts'

/** What a signed-in user's own calls answer: their attributes as they now stand. */
function attributesOf(user: IdentityUser) {
  return { roles: user.roles, ...user.attributes }
}

export function identityRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: IdentityService = createIdentityService(deps),
) {
  const app = new Hono<BearerEnv>()

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

  const signedIn = requireCaller(deps.accessTokens)

  app.patch('/users/me/attributes', signedIn, async (c) => {
    const caller = c.get('caller')
    const update = await readJsonBody(c, AttributesUpdateSchema)
    if (update.activeAccountNumber !== undefined) requireOwnAccount(caller, update.activeAccountNumber)
    return c.json(ok(attributesOf(await service.updateAttributes(caller.sub, update))))
  })

  // Linking is done by proving ownership with a one-time code (services/otp/routes.ts): there
  // is no call that links an account on its number alone (docs/security.md, Ownership proof).

  // The account number travels in the body, never in a path: paths end up in logs (docs/security.md, Logs and privacy).
  app.delete('/users/me/accounts', signedIn, async (c) => {
    const caller = c.get('caller')
    const { accountNumber } = await readJsonBody(c, LinkAccountSchema)
    // Proven or not: an unproven link can be removed by the user who holds it.
    requireLinkedAccount(caller, accountNumber)
    return c.json(ok(attributesOf(await service.unlinkAccount(caller.sub, accountNumber))))
  })

  return app
}
