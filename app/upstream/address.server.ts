import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const AddressOptionSchema = z.object({ id: z.string(), name: z.string() })
export type AddressOption = z.infer<typeof AddressOptionSchema>

export function addressCalls(client: UpstreamClient) {
  return {
    regions: () =>
      client.call({
        name: 'address.regions',
        method: 'GET',
        path: '/v1/region',
        schema: envelope(z.array(AddressOptionSchema)),
        cacheSeconds: 3600,
      }),
  }
}
