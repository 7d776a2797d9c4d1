/**
 * The content revision (issue 35, item 3; docs/decisions/0069): a number that goes up
 * whenever the public content changes (the plan catalogue, the CMS documents and help, the
 * stores). A portal asks it now and then and drops its rendered public pages and its copy
 * of the content when it moved. Public, like the content itself.
 *
 *   GET /v1/content/revision  { revision, changedAt }
 */
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { revision } from './tables.ts'

export type ContentRevision = { revision: number; changedAt: string }

/** The current revision; its one row is made by the migration that made the table. */
export async function readRevision({ db }: Pick<ServiceDeps, 'db'>): Promise<ContentRevision> {
  const [row] = await db
    .select({ revision: revision.revision, changedAt: revision.changedAt })
    .from(revision)
    .where(eq(revision.id, 1))
  if (!row) throw new ServiceError(503, 'unavailable', 'The content revision is missing.')
  return { revision: row.revision, changedAt: row.changedAt.toISOString() }
}

export function contentRoutes(deps: ServiceDeps) {
  const app = new Hono()
  app.get('/v1/content/revision', async (c) => c.json(ok(await readRevision(deps))))
  return app
}
