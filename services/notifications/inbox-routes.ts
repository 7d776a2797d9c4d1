/**
 * The in-app notification calls (spec 7, Notifications; inbox.ts), all as the signed-in
 * user, who is always the token's subject, never a field:
 *   GET   /notifications?page=0&size=15    one page, newest first: { content, number, size, totalElements, totalPages, unseenCount }
 *   GET   /notifications?unseen_count=true { unseenCount }
 *   GET   /notifications/:id               one notification (404 unless the caller's)
 *   PATCH /notifications                   { readNotifications: [id…] } → { unseenCount } (404, nothing changed, unless all the caller's)
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { MarkReadSchema, NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE } from '../../lib/notifications.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok, ServiceError } from '../errors.ts'
import { fieldErrorsOf, readJsonBody } from '../validation.ts'
import { findNotification, listNotifications, markRead, unseenCount } from './inbox.ts'

const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  unseen_count: z.enum(['true', 'false']).optional(),
})

export function inboxRoutes(deps: ServiceDeps & { accessTokens: AccessTokenVerifier }) {
  const app = new Hono<BearerEnv>()
  // Hono's '/notifications/*' covers '/notifications' itself as well.
  app.use('/notifications/*', requireCaller(deps.accessTokens))

  app.get('/notifications', async (c) => {
    const parsed = ListQuerySchema.safeParse({
      page: c.req.query('page') || undefined,
      size: c.req.query('size') || undefined,
      unseen_count: c.req.query('unseen_count') || undefined,
    })
    if (!parsed.success)
      throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
    c.header('cache-control', 'no-store')
    const caller = c.get('caller')
    if (parsed.data.unseen_count === 'true') return c.json(ok({ unseenCount: await unseenCount(deps.db, caller) }))
    return c.json(ok(await listNotifications(deps.db, caller, { number: parsed.data.page, size: parsed.data.size })))
  })

  app.get('/notifications/:id', async (c) => {
    c.header('cache-control', 'no-store')
    return c.json(ok(await findNotification(deps.db, c.get('caller'), c.req.param('id'))))
  })

  app.patch('/notifications', async (c) => {
    const { readNotifications } = await readJsonBody(c, MarkReadSchema)
    return c.json(ok({ unseenCount: await markRead(deps.db, c.get('caller'), readNotifications, deps.now()) }))
  })

  return app
}
