/**
 * The incidents calls (issue 37, item 2; services/incidents/routes.ts; docs/decisions/0075):
 * the operator's lists, one incident with its updates and changes, and each change, as the
 * signed-in operator; an area's incidents as subscribers read them, as the portal. A change
 * carries the form's one-time key as its Idempotency-Key, so a form sent twice changes once.
 */
import { z } from 'zod'
import { AREA_LEVELS, AUDIT_ACTIONS, EXCLUSIONS, INCIDENT_KINDS, type IncidentAreasInput } from '../../lib/incidents'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const At = z.iso.datetime()

const UpdateSchema = z.object({
  kind: z.enum(['update', 'estimate', 'resolved']),
  text: z.string().nullable(),
  estimatedRestoreAt: At.nullable(),
  postedAt: At,
})

export const PublicIncidentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INCIDENT_KINDS),
  cause: z.string(),
  startedAt: At,
  scheduledEndAt: At.nullable(),
  announcedAt: At.nullable(),
  estimatedRestoreAt: At.nullable(),
  resolvedAt: At.nullable(),
  exclusion: z.enum(EXCLUSIONS),
  areas: z.array(z.object({ level: z.enum(AREA_LEVELS), code: z.string(), name: z.string() })),
  updates: z.array(UpdateSchema),
})
export type PublicIncident = z.infer<typeof PublicIncidentSchema>

export const IncidentSchema = PublicIncidentSchema.extend({
  openedBy: z.string(),
  updates: z.array(UpdateSchema.extend({ postedBy: z.string() })),
  audit: z.array(z.object({ action: z.enum(AUDIT_ACTIONS), actor: z.string(), at: At, detail: z.unknown() })),
})
export type Incident = z.infer<typeof IncidentSchema>

const ListsSchema = z.object({
  current: z.array(IncidentSchema),
  planned: z.array(IncidentSchema),
  recent: z.array(IncidentSchema),
})
export type IncidentLists = z.infer<typeof ListsSchema>

const AreaIncidentsSchema = z.object({
  current: z.array(PublicIncidentSchema),
  planned: z.array(PublicIncidentSchema),
  restored: z.array(PublicIncidentSchema),
})

export type OpenIncidentBody = {
  kind: (typeof INCIDENT_KINDS)[number]
  cause: string
  areas: IncidentAreasInput
  startedAt?: string
  scheduledEndAt?: string
  estimatedRestoreAt?: string | null
  exclusion?: (typeof EXCLUSIONS)[number]
}

export function incidentCalls(client: UpstreamClient) {
  const change = (name: string, path: string, body: unknown, accessToken: string, key: string) =>
    client.call({
      name: `incidents.${name}`,
      method: 'POST',
      path,
      body,
      accessToken,
      headers: { 'idempotency-key': key },
      schema: envelope(IncidentSchema),
    })
  const of = (id: string, what: string) => `/v1/incidents/${encodeURIComponent(id)}/${what}`
  return {
    lists: (accessToken: string) =>
      client.call({
        name: 'incidents.lists',
        method: 'GET',
        path: '/v1/incidents',
        accessToken,
        schema: envelope(ListsSchema),
      }),

    incident: (accessToken: string, id: string) =>
      client.call({
        name: 'incidents.incident',
        method: 'GET',
        path: `/v1/incidents/${encodeURIComponent(id)}`,
        accessToken,
        schema: envelope(IncidentSchema),
      }),

    open: (accessToken: string, body: OpenIncidentBody, key: string) =>
      change('open', '/v1/incidents', body, accessToken, key),
    update: (accessToken: string, id: string, text: string, key: string) =>
      change('update', of(id, 'updates'), { text }, accessToken, key),
    estimate: (accessToken: string, id: string, estimatedRestoreAt: string, key: string) =>
      change('estimate', of(id, 'estimate'), { estimatedRestoreAt }, accessToken, key),
    exclusion: (accessToken: string, id: string, exclusion: (typeof EXCLUSIONS)[number], key: string) =>
      change('exclusion', of(id, 'exclusion'), { exclusion }, accessToken, key),
    resolve: (accessToken: string, id: string, body: { resolvedAt?: string; text?: string }, key: string) =>
      change('resolve', of(id, 'resolve'), body, accessToken, key),

    /** The incidents under way reaching one of the user's accounts (the dashboard's; issue 37 items 3, 6). */
    forAccount: (accessToken: string, accountNumber: string) =>
      client.call({
        name: 'incidents.forAccount',
        method: 'POST',
        path: '/v1/incidents/account',
        body: { accountNumber },
        accessToken,
        schema: envelope(z.object({ current: z.array(PublicIncidentSchema) })),
      }),

    /** An area's incidents as anyone may read them (the public status page, issue 37 item 1). */
    inArea: (area: string, query: { current?: boolean; planned?: boolean; restoredDays?: number }) =>
      client.call({
        name: 'incidents.inArea',
        method: 'GET',
        path: '/v1/incidents/public',
        query: {
          area,
          current: query.current ? 'true' : undefined,
          planned: query.planned ? 'true' : undefined,
          restoredDays: query.restoredDays,
        },
        schema: envelope(AreaIncidentsSchema),
      }),
  }
}
