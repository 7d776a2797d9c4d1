/**
 * The login screen's steps for a portal in another process (issue 17, item 1): the
 * provider runs here, with the upstream (`npm run services`), and the portal's login route
 * asks with a signed call per step, passing the browser's interaction cookie. The answers
 * are the in-process binding's (lib/identity-interaction.ts), so the login route cannot
 * tell the two apart.
 */
import { Hono } from 'hono'
import { SIGN_IN_STEP_PATH, SignInStepSchema } from '../../../lib/identity-interaction.ts'
import { ok } from '../../errors.ts'
import { readJsonBody } from '../../validation.ts'
import type { IdentityHost } from './host.ts'

export function signInRoutes(host: Pick<IdentityHost, 'byCookie'>) {
  const app = new Hono()
  app.post(`${SIGN_IN_STEP_PATH}/:uid`, async (c) => {
    const uid = c.req.param('uid')
    const step = await readJsonBody(c, SignInStepSchema)
    const interaction = host.byCookie(step.cookie)
    switch (step.step) {
      case 'pending':
        return c.json(ok({ pending: await interaction.pending(uid) }))
      case 'sign-in':
        return c.json(
          ok({
            outcome: await interaction.signIn(uid, {
              email: step.email,
              password: step.password,
              deviceTokens: step.deviceTokens,
            }),
          }),
        )
      case 'consent':
        return c.json(ok({ redirectTo: await interaction.consent(uid) }))
    }
  })
  return app
}
