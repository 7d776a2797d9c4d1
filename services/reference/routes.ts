/**
 * Reference lists the application form needs. Nationality is one of the three calls
 * spec 9 retries (3 attempts, 2 s apart), so the client test exercises it.
 */
import { Hono } from 'hono'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { NATIONALITIES } from './nationalities.ts'

export function referenceRoutes(_deps: ServiceDeps) {
  const app = new Hono()
  app.get('/v1/nationality', (c) => c.json(ok(NATIONALITIES.map((name, i) => ({ id: i + 1, name })))))
  return app
}
