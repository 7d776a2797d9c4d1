/**
 * The applications service's calls (issue 10; spec 7: applicant details on gateway v3,
 * appointments GET and POST slots v2). Public, as the cart is (spec 6: a visitor applies
 * without an account). Every answer is `{ status: true, data }`; a refusal is the error
 * envelope with a message for the applicant.
 *   GET  /v2/appointments/slots                 the open slots (full ones marked by available 0)
 *   POST /v2/appointments/slots { slotId }       checks a choice: 409 slot_full, 404 slot_not_open
 *   POST /v3/applicant-details                   the application payload (lib/application.ts),
 *        header Idempotency-Key (required):      201 made, 200 the one this key made before
 *        header x-draft-id (the portal's draft):  its documents must meet the checklist (422
 *                                                 documents_missing) and are bound to the application
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { ApplicationPayloadSchema, IdempotencyKeySchema, SlotIdSchema } from '../../lib/application.ts'
import { DRAFT_ID_HEADER } from '../../lib/catalog.ts'
import { DraftIdSchema } from '../../lib/draft-sections.ts'
import type { ServiceDeps } from '../context.ts'
import { draftNotFound } from '../drafts/service.ts'
import { ok, ServiceError } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createApplicationService, type ApplicationService } from './service.ts'
import { trackingRoutes } from './tracking-routes.ts'

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

const ChooseSlotSchema = z.strictObject({ slotId: SlotIdSchema })

export function applicationRoutes(deps: ServiceDeps, service: ApplicationService = createApplicationService(deps)) {
  const app = new Hono()
  for (const path of ['/v2/appointments/*', '/v3/applicant-details']) {
    app.use(path, async (c, next) => {
      await next()
      c.header('cache-control', 'no-store')
    })
  }

  app.get('/v2/appointments/slots', async (c) => c.json(ok(await service.slots())))

  app.post('/v2/appointments/slots', async (c) => {
    const { slotId } = await readJsonBody(c, ChooseSlotSchema, 400)
    return c.json(ok(await service.chooseSlot(slotId)))
  })

  app.post('/v3/applicant-details', async (c) => {
    const key = IdempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER))
    if (!key.success) throw new ServiceError(400, 'idempotency_key_required', 'An Idempotency-Key header is required.')
    const payload = await readJsonBody(c, ApplicationPayloadSchema)
    const draftId = c.req.header(DRAFT_ID_HEADER)
    if (draftId !== undefined && !DraftIdSchema.safeParse(draftId).success) throw draftNotFound()
    const { created, application } = await service.submit(key.data, payload, draftId)
    return c.json(ok(application), created ? 201 : 200)
  })

  // Status, compliance, verification and the operator's calls (issue 10 parts 3 and 4; tracking-routes.ts).
  app.route('/', trackingRoutes(deps))

  return app
}
