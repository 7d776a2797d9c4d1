import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const NationalitySchema = z.object({ id: z.union([z.number(), z.string()]), name: z.string().min(1) })
export type Nationality = z.infer<typeof NationalitySchema>

export function referenceCalls(client: UpstreamClient) {
  return {
    /** spec 9: retried 3 times, 2 s apart. */
    nationalities: () =>
      client.call({
        name: 'reference.nationalities',
        method: 'GET',
        path: '/v1/nationality',
        schema: envelope(z.array(NationalitySchema)),
        retry: true,
        cacheSeconds: 3600,
      }),
  }
}
