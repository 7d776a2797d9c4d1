/**
 * Gateway routes of the drafts service (docs/decisions/0018). A visitor calls them with
 * no bearer token; a signed-in user or agent with theirs, which is what opens a draft
 * they claimed. Sections are validated by their schema in lib/draft-sections.ts: a bad
 * value is a 400 with each field's messages, an unknown section a 404.
 *
 * The draft id rides in the path (the API's shape), so the gateway keeps it out of its
 * logs (gateway.ts, loggedUpstreamPath).
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  DRAFT_SECTIONS,
  DraftIdSchema,
  PartialDraftSectionsSchema,
  isDraftSectionName,
  type DraftSectionName,
} from '../../lib/draft-sections.ts'
import { invalidToken, optionalCaller, type AccessTokenVerifier, type OptionalBearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok, ServiceError } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createDraftService, draftNotFound, type DraftService } from './service.ts'

const CreateDraftSchema = z.strictObject({ sections: PartialDraftSectionsSchema.optional() })

type DraftContext = Context<OptionalBearerEnv>

function draftIdOf(c: DraftContext): string {
  const parsed = DraftIdSchema.safeParse(c.req.param('draftId'))
  if (!parsed.success) throw draftNotFound()
  return parsed.data
}

function sectionOf(c: DraftContext): DraftSectionName {
  const name = c.req.param('section') ?? ''
  if (!isDraftSectionName(name)) throw new ServiceError(404, 'section_not_found', 'No such draft section.')
  return name
}

export function draftRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: DraftService = createDraftService(deps),
) {
  const app = new Hono<OptionalBearerEnv>()
  // '/v1/drafts/*' covers '/v1/drafts' too.
  app.use('/v1/drafts/*', optionalCaller(deps.accessTokens))

  app.post('/v1/drafts', async (c) => {
    const { sections = {} } = await readJsonBody(c, CreateDraftSchema, 400)
    return c.json(ok(await service.create(sections, c.get('caller'))), 201)
  })

  app.get('/v1/drafts/:draftId', async (c) => {
    c.header('cache-control', 'no-store')
    return c.json(ok(await service.read(draftIdOf(c), c.get('caller'))))
  })

  app.delete('/v1/drafts/:draftId', async (c) => {
    return c.json(ok(await service.discard(draftIdOf(c), c.get('caller'))))
  })

  app.put('/v1/drafts/:draftId/sections/:section', async (c) => {
    const draftId = draftIdOf(c)
    const section = sectionOf(c)
    const value: unknown = await readJsonBody(c, DRAFT_SECTIONS[section], 400)
    return c.json(ok(await service.saveSection(draftId, section, value, c.get('caller'))))
  })

  app.delete('/v1/drafts/:draftId/sections/:section', async (c) => {
    const draftId = draftIdOf(c)
    const section = sectionOf(c)
    return c.json(ok(await service.clearSection(draftId, section, c.get('caller'))))
  })

  app.post('/v1/drafts/:draftId/extend', async (c) => {
    return c.json(ok(await service.extend(draftIdOf(c), c.get('caller'))))
  })

  app.post('/v1/drafts/:draftId/claim', async (c) => {
    const draftId = draftIdOf(c)
    const caller = c.get('caller')
    if (!caller) throw invalidToken()
    return c.json(ok(await service.claim(draftId, caller)))
  })

  return app
}
