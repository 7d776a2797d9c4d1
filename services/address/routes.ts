import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { regions } from './tables.ts'

export function addressRoutes({ db }: ServiceDeps) {
  const app = new Hono()
  app.get('/v1/region', async (c) => {
    const rows = await db.select().from(regions).orderBy(asc(regions.name))
    return c.json(ok(rows.map((r) => ({ id: r.code, name: r.name }))))
  })
  void eq
  return app
}
