/**
 * The incidents calls (issue 37, item 2; docs/decisions/0075; docs/operations.md, The NMS
 * incidents API). Reading what subscribers may read is open to every signed caller; running
 * incidents is for a bearer token with the operator role (the operator's screen) or the `NMS`
 * channel, signed with NMS_CHANNEL_SECRET (the network monitoring system); anyone else 403,
 * no token 401.
 *
 *   GET  /v1/incidents/public?area=PSGC&current=true&planned=true&restoredDays=7
 *                                              an area's incidents, as subscribers read them
 *   POST /v1/incidents/account                 { accountNumber }: the incidents under way reaching the
 *                                              account, as subscribers read them (its holder's token)
 *   GET  /v1/incidents                         the operator's lists: current, planned, recent (7 days)
 *   GET  /v1/incidents/:id                     one incident with its updates and every change
 *   POST /v1/incidents                         { kind, cause, areas, startedAt?, scheduledEndAt?,
 *                                                announcedAt?, estimatedRestoreAt?, exclusion? }  201
 *   POST /v1/incidents/:id/updates             { text }
 *   POST /v1/incidents/:id/estimate            { estimatedRestoreAt }
 *   POST /v1/incidents/:id/exclusion           { exclusion }
 *   POST /v1/incidents/:id/areas               { areas: { barangays, municipalities } }
 *   POST /v1/incidents/:id/resolve             { resolvedAt?, text? }
 *
 * Every POST honours an `Idempotency-Key` header (services/replay/idempotency.ts): the same key
 * and body answer the first answer again and change nothing; the key with another body is 422.
 * Times are ISO 8601 with an offset.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { OPERATOR_ROLE } from '../../lib/analytics.ts'
import { AccountNumberSchema } from '../../lib/identity-schemas.ts'
import {
  CAUSE_MAX,
  EXCLUSIONS,
  IDEMPOTENCY_KEY_HEADER,
  INCIDENT_KINDS,
  IncidentAreasSchema,
  IncidentIdSchema,
  UPDATE_TEXT_MAX,
} from '../../lib/incidents.ts'
import { HEADER } from '../../lib/signature.ts'
import { requireOwnAccount, type AccessTokenVerifier } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import type { Transaction } from '../db/client.ts'
import { ServiceError, ok } from '../errors.ts'
import { onceForKey } from '../replay/idempotency.ts'
import { readJsonBody } from '../validation.ts'
import {
  changeAreas,
  changeEstimate,
  incidentDetail,
  incidentsAffectingAccount,
  incidentsInArea,
  markExclusion,
  openIncident,
  operatorLists,
  postUpdate,
  publicView,
  resolveIncident,
  type Actor,
} from './service.ts'

/** The channel name the network monitoring system signs with (NMS_CHANNEL_SECRET; services/gateway.ts). */
export const NMS_CHANNEL = 'NMS'

const INCIDENTS_PATH = /^\/v1\/incidents(\/|$)/

/** The calls the NMS channel may reach. */
export function isIncidentsPath(path: string): boolean {
  return INCIDENTS_PATH.test(path)
}

const At = z.iso.datetime({ offset: true, error: 'A time in ISO 8601 with an offset.' }).transform((v) => new Date(v))

const OpenSchema = z.strictObject({
  kind: z.enum(INCIDENT_KINDS),
  cause: z.string().min(1).max(CAUSE_MAX),
  areas: IncidentAreasSchema,
  startedAt: At.optional(),
  scheduledEndAt: At.optional(),
  announcedAt: At.optional(),
  estimatedRestoreAt: At.nullish(),
  exclusion: z.enum(EXCLUSIONS).optional(),
})
const UpdateSchema = z.strictObject({ text: z.string().min(1).max(UPDATE_TEXT_MAX) })
const EstimateSchema = z.strictObject({ estimatedRestoreAt: At })
const ExclusionSchema = z.strictObject({ exclusion: z.enum(EXCLUSIONS) })
const AreasSchema = z.strictObject({ areas: IncidentAreasSchema })
const ResolveSchema = z.strictObject({ resolvedAt: At.optional(), text: z.string().max(UPDATE_TEXT_MAX).optional() })

const AccountSchema = z.strictObject({ accountNumber: AccountNumberSchema })

const PSGC_CODE = /^\d{5,10}$/
const MAX_RESTORED_DAYS = 31

export function incidentRoutes(deps: ServiceDeps & { accessTokens: AccessTokenVerifier }) {
  const app = new Hono()
  const { db } = deps

  /** Who is asking to run incidents: the NMS channel, or a signed-in operator; anyone else is refused. */
  async function actorOf(c: Context): Promise<Actor> {
    if (c.req.header(HEADER.channel) === NMS_CHANNEL) return `channel:${NMS_CHANNEL}`
    const header = c.req.header('authorization') ?? ''
    const token = /^Bearer (.+)$/i.exec(header)?.[1]
    if (!token) throw new ServiceError(401, 'unauthorized', 'Sign in as an operator.')
    const caller = await deps.accessTokens(token)
    if (!caller.roles.includes(OPERATOR_ROLE)) {
      throw new ServiceError(403, 'forbidden', 'Incidents are run by operators.')
    }
    return `user:${caller.sub}`
  }

  function idOf(c: Context): string {
    const id = c.req.param('id') ?? ''
    if (!IncidentIdSchema.safeParse(id).success) throw new ServiceError(404, 'not_found', 'No such incident.')
    return id
  }

  /** A change, once per Idempotency-Key; its answer is the incident as it then stood. */
  async function change<S extends z.ZodType>(
    c: Context,
    status: 200 | 201,
    schema: S,
    work: (tx: Transaction, body: z.output<S>, actor: Actor, now: Date) => Promise<string>,
  ) {
    // Who asks first: a caller who may not run incidents learns nothing from the body's checks.
    const actor = await actorOf(c)
    const body = await readJsonBody(c, schema)
    const now = deps.now()
    const kept = await onceForKey(
      db,
      {
        scope: `incidents ${actor}`,
        key: c.req.header(IDEMPOTENCY_KEY_HEADER) ?? null,
        body: { path: c.req.path, body },
        now,
      },
      async (tx) => {
        const id = await work(tx, body, actor, now)
        return { status, answer: ok(await incidentDetail(tx, id)) }
      },
    )
    if (kept.repeated) c.header('idempotent-replayed', 'true')
    return c.json(kept.answer, kept.status as 200 | 201)
  }

  app.get('/v1/incidents/public', async (c) => {
    const area = c.req.query('area') ?? ''
    if (!PSGC_CODE.test(area))
      throw new ServiceError(400, 'invalid_query', 'area is a PSGC code of a barangay, city or municipality.')
    const flag = (name: string) => c.req.query(name) === 'true'
    const days = c.req.query('restoredDays')
    const restoredDays = days === undefined ? 0 : Number(days)
    if (!Number.isInteger(restoredDays) || restoredDays < 0 || restoredDays > MAX_RESTORED_DAYS) {
      throw new ServiceError(400, 'invalid_query', `restoredDays is a whole number from 0 to ${MAX_RESTORED_DAYS}.`)
    }
    const now = deps.now()
    const found = await incidentsInArea(
      db,
      area,
      {
        current: flag('current'),
        planned: flag('planned'),
        restoredSince: restoredDays > 0 ? new Date(now.getTime() - restoredDays * 86_400_000) : null,
      },
      now,
    )
    return c.json(
      ok({
        current: found.current.map(publicView),
        planned: found.planned.map(publicView),
        restored: found.restored.map(publicView),
      }),
    )
  })

  // The account's own incidents (the dashboard's, issue 37 items 3 and 6): its holder only, in the
  // body so the account number stays out of logged paths.
  app.post('/v1/incidents/account', async (c) => {
    const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token) throw new ServiceError(401, 'unauthorized', 'Sign in first.')
    const caller = await deps.accessTokens(token)
    const { accountNumber } = await readJsonBody(c, AccountSchema)
    requireOwnAccount(caller, accountNumber)
    const found = await incidentsAffectingAccount(db, accountNumber, deps.now())
    return c.json(ok({ current: found.map(publicView) }))
  })

  app.get('/v1/incidents', async (c) => {
    await actorOf(c)
    return c.json(ok(await operatorLists(db, deps.now())))
  })

  app.get('/v1/incidents/:id', async (c) => {
    await actorOf(c)
    return c.json(ok(await incidentDetail(db, idOf(c))))
  })

  app.post('/v1/incidents', async (c) => {
    return change(c, 201, OpenSchema, async (tx, body, actor, now) => (await openIncident(tx, body, actor, now)).id)
  })

  app.post('/v1/incidents/:id/updates', async (c) => {
    const id = idOf(c)
    return change(c, 200, UpdateSchema, async (tx, body, actor, now) => {
      await postUpdate(tx, id, body.text, actor, now)
      return id
    })
  })

  app.post('/v1/incidents/:id/estimate', async (c) => {
    const id = idOf(c)
    return change(c, 200, EstimateSchema, async (tx, body, actor, now) => {
      await changeEstimate(tx, id, body.estimatedRestoreAt, actor, now)
      return id
    })
  })

  app.post('/v1/incidents/:id/exclusion', async (c) => {
    const id = idOf(c)
    return change(c, 200, ExclusionSchema, async (tx, body, actor, now) => {
      await markExclusion(tx, id, body.exclusion, actor, now)
      return id
    })
  })

  app.post('/v1/incidents/:id/areas', async (c) => {
    const id = idOf(c)
    return change(c, 200, AreasSchema, async (tx, body, actor, now) => {
      await changeAreas(tx, id, body.areas, actor, now)
      return id
    })
  })

  app.post('/v1/incidents/:id/resolve', async (c) => {
    const id = idOf(c)
    return change(c, 200, ResolveSchema, async (tx, body, actor, now) => {
      await resolveIncident(tx, id, actor, now, body.resolvedAt, body.text)
      return id
    })
  })

  return app
}
