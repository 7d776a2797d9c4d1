import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export function cmsCalls(client: UpstreamClient, options: { source: string; cacheSeconds: number }) {
  return {
    legalPage: (name: string) =>
      client.call({
        name: 'cms.legalPage',
        method: 'GET',
        path: '/cms/security/pages/web',
        query: { name, source: options.source },
        schema: envelope(z.unknown()),
        cacheSeconds: options.cacheSeconds,
      }),
  }
}
