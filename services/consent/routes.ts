/**
 * The consent calls (issue 11 item 6), as the signed-in user; the user is always the
 * token's subject, never a field (spec 7 shows no paths for them: these are ours).
 *   GET  /consents        the user's consents: purpose, state, when, history
 *   POST /consents        { consentName, state: given | withdrawn }   records the change
 * The channel recorded is the signed request's (the gateway has checked it).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { HEADER } from '../../lib/signature.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { CONSENT_NAMES, CONSENT_STATES } from './catalogue.ts'
import { createConsentService, type ConsentService } from './service.ts'

const ChangeSchema = z.strictObject({ consentName: z.enum(CONSENT_NAMES), state: z.enum(CONSENT_STATES) })

export function consentRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: ConsentService = createConsentService(deps),
) {
  const app = new Hono<BearerEnv>()
  app.use('/consents', requireCaller(deps.accessTokens))

  app.get('/consents', async (c) => c.json(ok({ consents: await service.list(c.get('caller').sub) })))

  app.post('/consents', async (c) => {
    const { consentName, state } = await readJsonBody(c, ChangeSchema)
    const consents = await service.change(
      c.get('caller').sub,
      { consent: consentName, state },
      { channel: c.req.header(HEADER.channel) ?? 'unknown', requestId: c.req.header(HEADER.requestId) ?? null },
    )
    return c.json(ok({ consents }))
  })

  return app
}
