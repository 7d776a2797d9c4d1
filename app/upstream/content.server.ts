/**
 * The public content's revision (issue 35, item 3; docs/decisions/0069): a number the
 * upstream raises whenever the plan catalogue, the CMS content or the stores change. Never
 * cached: it is what tells the portal that its kept pages and content are out of date.
 */
import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const ContentRevisionSchema = z.object({
  revision: z.number().int().nonnegative(),
  changedAt: z.string(),
})
export type ContentRevision = z.infer<typeof ContentRevisionSchema>

export function contentCalls(client: UpstreamClient) {
  return {
    revision: () =>
      client.call({
        name: 'content.revision',
        method: 'GET',
        path: '/v1/content/revision',
        schema: envelope(ContentRevisionSchema),
      }),
  }
}
