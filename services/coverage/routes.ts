/**
 * The coverage calls, at the spec's paths and spellings (spec 7): the building and
 * subdivision lists (`GET /v2/address`), the check (`POST /v2/servicability`), the lead
 * (`POST /channels/lead`), and the map's address search (`GET /v2/address/search`).
 */
import { Hono } from 'hono'
import { LeadSchema, ServiceabilityOrderSchema } from '../../lib/coverage-schemas.ts'
import type { AccessTokenVerifier, Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createCoverageService, type SiteKind } from './service.ts'

const SITE_TYPES: Record<string, SiteKind> = { building: 'building', subdivision: 'subdivision' }
const CODE = /^[A-Za-z0-9]{1,20}$/
const SEARCH_MAX = 100

export function coverageRoutes(deps: ServiceDeps & { accessTokens: AccessTokenVerifier }) {
  const app = new Hono()
  const coverage = createCoverageService(deps)

  app.get('/v2/address/search', async (c) => {
    const q = c.req.query('q') ?? ''
    if (q.length > SEARCH_MAX) {
      throw new ServiceError(400, 'invalid_query', `A search is at most ${SEARCH_MAX} characters.`)
    }
    return c.json(ok(await coverage.search(q)))
  })

  app.get('/v2/address', async (c) => {
    const kind = SITE_TYPES[c.req.query('type') ?? '']
    if (!kind) throw new ServiceError(400, 'invalid_query', 'type is subdivision or building.')
    const code = c.req.query('barangayOrSEZCode') ?? ''
    if (!CODE.test(code)) throw new ServiceError(400, 'invalid_code', 'barangayOrSEZCode is a barangay code.')
    const rows = await coverage.sitesOf(kind, code)
    if (!rows) throw new ServiceError(404, 'not_found', 'No such barangay.')
    // spec 3: Building buildingName, buildingId; Subdivision subDivisionName, subDivisionId.
    return c.json(
      ok(
        rows.map((s) =>
          kind === 'building'
            ? { buildingId: s.code, buildingName: s.name, latitude: s.latitude, longitude: s.longitude }
            : { subDivisionId: s.code, subDivisionName: s.name, latitude: s.latitude, longitude: s.longitude },
        ),
      ),
    )
  })

  app.post('/v2/servicability', async (c) => {
    const order = await readJsonBody(c, ServiceabilityOrderSchema)
    const caller = await optionalCaller(deps.accessTokens, c.req.header('authorization'))
    // An agent's check carries its token: the code recorded is the token's, and a body
    // that names another agent is refused rather than logged under the wrong name.
    if (caller && order.agentCode && order.agentCode !== caller.agentCode) {
      throw new ServiceError(403, 'agent_code_mismatch', 'The agent code is not the signed-in agent’s.')
    }
    const agentCode = caller?.agentCode ?? order.agentCode ?? null
    const assessment = await coverage.check(order, agentCode)
    return c.json(
      ok({
        status: true,
        data: [{ serviceType: 'GPON', serviceable: assessment.serviceable ? 'Y' : 'N' }],
        nearestNapMeters: assessment.nearestNapMeters,
      }),
    )
  })

  app.post('/channels/lead', async (c) => {
    const lead = await readJsonBody(c, LeadSchema)
    // As for a check: an agent's lead carries its token and is filed under the token's code;
    // a body naming another agent is refused.
    const caller = await optionalCaller(deps.accessTokens, c.req.header('authorization'))
    if (caller && lead.agentCode !== 'self' && lead.agentCode !== caller.agentCode) {
      throw new ServiceError(403, 'agent_code_mismatch', 'The agent code is not the signed-in agent’s.')
    }
    const leadId = await coverage.fileLead({ ...lead, agentCode: caller?.agentCode ?? lead.agentCode })
    return c.json(ok({ status: true, leadId }), 201)
  })

  return app
}

async function optionalCaller(verify: AccessTokenVerifier, header: string | undefined): Promise<Caller | null> {
  if (header === undefined) return null
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header)
  if (!match) throw new ServiceError(401, 'invalid_token', 'The access token is missing, expired or not valid here.')
  return verify(match[1]!)
}
