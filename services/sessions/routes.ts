/**
 * Gateway routes of the sessions service. Every call is a POST/PUT with the session id in
 * the body: the id is a bearer secret and paths are logged.
 */
import { Hono } from 'hono'
import {
  BeginRefreshSchema,
  CreateSessionSchema,
  SessionRefSchema,
  UpdateTokensSchema,
} from '../../lib/session-schemas.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createSessionService, type SessionService } from './service.ts'

export function sessionRoutes(deps: ServiceDeps, service: SessionService = createSessionService(deps)) {
  const app = new Hono()

  app.post('/sessions', async (c) => {
    const input = await readJsonBody(c, CreateSessionSchema)
    return c.json(ok(await service.create(input)), 201)
  })

  app.post('/sessions/current', async (c) => {
    const { sessionId } = await readJsonBody(c, SessionRefSchema)
    return c.json(ok(await service.touch(sessionId)))
  })

  app.post('/sessions/current/refresh', async (c) => {
    const { sessionId, refreshToken } = await readJsonBody(c, BeginRefreshSchema)
    return c.json(ok(await service.beginRefresh(sessionId, refreshToken)))
  })

  app.put('/sessions/current/tokens', async (c) => {
    const { sessionId, tokens, roles, displayName } = await readJsonBody(c, UpdateTokensSchema)
    return c.json(ok(await service.updateTokens(sessionId, tokens, { roles, displayName })))
  })

  app.post('/sessions/current/revoke', async (c) => {
    const { sessionId } = await readJsonBody(c, SessionRefSchema)
    return c.json(ok(await service.revoke(sessionId)))
  })

  return app
}
