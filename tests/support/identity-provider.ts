/**
 * Test support: the embedded provider mounted exactly as server.ts mounts it, on an
 * Express app listening on 127.0.0.1, with the portal's real login route module
 * (loader and action) answering /login/interaction/:uid through the same load-context
 * binding. A small cookie jar and helpers drive the code flow with fetch.
 */
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type { AppLoadContext } from 'react-router'
import express from 'express'
import { action, loader } from '../../app/routes/auth/login-interaction.tsx'
import type { Config } from '../../lib/env.ts'
import { mountIdentityProvider } from '../../server/identity-provider.ts'
import { securityHeaders } from '../../server/middleware.ts'
import type { DatabaseHandle } from '../../services/db/client.ts'
import type { IdentityDirectory } from '../../services/identity/oidc/directory-contract.ts'
import { KEYCLOAK_ROUTES } from '../../services/identity/oidc/provider.ts'
import { silentLogger, testConfig } from '../../services/testing.ts'
import { routeArgs } from './route-args'

export type IdentityTestServer = {
  config: Config
  base: string
  issuer: string
  endpoint: (name: keyof typeof KEYCLOAK_ROUTES) => string
  close: () => Promise<void>
}

export async function startIdentityTestServer(
  database: DatabaseHandle,
  directory: IdentityDirectory,
  /** More configuration, e.g. an https PUBLIC_URL in front of this plain-HTTP listener. */
  env: Record<string, string> = {},
): Promise<IdentityTestServer> {
  const app = express()
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const config = testConfig({ PUBLIC_URL: base, ...env })

  app.use((_req, res, next) => {
    res.locals.requestId = crypto.randomUUID()
    res.locals.nonce = crypto.randomBytes(16).toString('base64')
    next()
  })
  app.use(securityHeaders(config))
  const mounted = await mountIdentityProvider(app, { config, db: database.db, directory, logger: silentLogger })

  // The login route as React Router would call it: a Fetch Request in, a Response or data out.
  app.all('/login/interaction/:uid', express.text({ type: '*/*' }), async (req, res) => {
    const context = {
      config,
      upstreamFetch: () => Promise.reject(new Error('no upstream in this test')),
      logger: silentLogger,
      requestId: res.locals.requestId,
      nonce: res.locals.nonce,
      identityProvider: mounted.interaction(req, res),
    } as AppLoadContext
    const request = new Request(`${base}${req.originalUrl}`, {
      method: req.method,
      headers: { 'content-type': req.get('content-type') ?? 'text/plain' },
      body: req.method === 'POST' ? (req.body as string) : undefined,
    })
    const args = routeArgs({ request, context, params: { uid: req.params.uid } })
    try {
      const result = await (req.method === 'POST' ? action(args) : loader(args))
      if (result instanceof Response) {
        res.status(result.status)
        result.headers.forEach((value, name) => res.setHeader(name, value))
        res.end()
      } else {
        res.json(result)
      }
    } catch (thrown) {
      if (thrown instanceof Response) res.status(thrown.status).end()
      else throw thrown
    }
  })

  const issuer = config.oidc.issuer
  return {
    config,
    base,
    issuer,
    endpoint: (name) => `${issuer}${KEYCLOAK_ROUTES[name]}`,
    async close() {
      mounted.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Cookies by name, sent with every request (the tests check paths on Set-Cookie itself). */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair!.indexOf('=')
      const name = pair!.slice(0, index).trim()
      const value = pair!.slice(index + 1).trim()
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0) headers.set('cookie', this.header())
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    this.store(response)
    return response
  }
}

export function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url')
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}
