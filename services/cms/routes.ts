import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { documents } from './tables.ts'

export function cmsRoutes({ db }: ServiceDeps) {
  const app = new Hono()
  const load = async (name: string) => {
    const [row] = await db.select().from(documents).where(eq(documents.name, name))
    if (!row) throw new ServiceError(404, 'not_found', 'No such content.')
    return row.content
  }
  app.get('/cms/security/pages/web', async (c) => c.json(ok(await load(`page:${c.req.query('name') ?? ''}`))))
  return app
}
