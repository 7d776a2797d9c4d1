/**
 * Test support: the real portal (server.ts createPortal, Vite in middleware mode) on a
 * free loopback port, with PUBLIC_URL set to that port so the embedded provider's issuer
 * and redirect URIs point at it, and its services on a fresh test database (PGlite, or
 * Postgres in the postgres project).
 */
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Logger } from 'pino'
import type { AppLoadContext } from 'react-router'
import type { ViteDevServer } from 'vite'
import type { Config } from '../../lib/env.ts'
import { applyTimeLimits } from '../../lib/transport.ts'
import { createPortal, type PortalOptions } from '../../server.ts'
import { openTestDatabase, silentLogger, testConfig } from '../../services/testing.ts'
import type { DatabaseHandle } from '../../services/db/client.ts'
import { CookieJar } from './identity-provider.ts'

export type TestPortal = {
  base: string
  config: Config
  portal: Awaited<ReturnType<typeof createPortal>>
  /** The services' database, for a test that adds its own rows (another user). */
  database: DatabaseHandle
  close: () => Promise<void>
}

/**
 * The load context a route's loader or action gets on the test portal (its configuration, the
 * in-process upstream, a silent logger), for tests that call them directly.
 */
export function loadContextOf(t: TestPortal, requestId = 't', config: Config = t.config): AppLoadContext {
  return {
    config,
    upstreamFetch: t.portal.upstreamFetch,
    logger: silentLogger,
    requestId,
    nonce: 'n',
  } as AppLoadContext
}

/** A loopback port free now (for a server whose own address must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = await new Promise<net.Server>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => resolve(s))
  })
  const port = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * One Vite dev server per test worker (Vitest keeps one module graph per worker: decision
 * 0017), shared by every portal the worker starts: its transforms of the app are made once,
 * not once per file (each file's portal cost several seconds of CPU). Never closed: it ends
 * with the worker.
 */
let vite: Promise<ViteDevServer> | undefined
function sharedViteDevServer(): Promise<ViteDevServer> {
  vite ??= import('vite').then((module) =>
    module.createServer({ server: { middlewareMode: true, watch: null }, logLevel: 'silent' }),
  )
  return vite
}

export async function startTestPortal(
  env: Record<string, string> = {},
  /** `logger`: where the portal and its in-process services log (a test that reads the lines); default: silent. */
  { logger = silentLogger, ...options }: PortalOptions & { logger?: Logger } = {},
): Promise<TestPortal> {
  // The issuer is built from the port, so reserve one before the portal starts (or take the caller's).
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'))
  const config = testConfig({
    PUBLIC_URL: base,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    ...env,
  })
  // A fresh test database as the portal would seed it (demo data on unless a test turns it off).
  const database = await openTestDatabase(config.demoData ? { seededFor: config.PRODUCT_NAME } : {})
  const viteDevServer = config.production ? undefined : await sharedViteDevServer()
  const portal = await createPortal(config, logger, { database, viteDevServer, ...options })
  const server = await new Promise<Server>((resolve) => {
    const s = portal.app.listen(port, '127.0.0.1', () => resolve(s))
  })
  // The time limits npm start sets (lib/transport.ts).
  applyTimeLimits(server, config)
  return {
    base,
    config,
    portal,
    database,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await portal.close()
    },
  }
}

/**
 * Signs a user in with plain requests, as a browser without JavaScript would: /login,
 * the provider, its login form, the callback. Returns the browser's cookie jar and the
 * portal session's id (from the signed session cookie).
 */
export async function signInByRequests(
  base: string,
  user: { email: string; password: string },
  /** The session cookie's name: `__Host-session` on a production process. */
  sessionCookie = 'session',
) {
  const jar = new CookieJar()
  const go = (url: string, init?: RequestInit) => jar.fetch(new URL(url, base).toString(), init)
  let next = (await go('/login')).headers.get('location')!
  next = (await go(next)).headers.get('location')!
  const login = await go(next, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: user.password }),
  })
  next = (await go(login.headers.get('location')!)).headers.get('location')!
  await go(next)
  const value = jar.cookies.get(sessionCookie)
  if (!value) throw new Error(`sign-in of ${user.email} through ${base} made no session`)
  return { jar, go, id: sessionIdOf(value), cookie: `${sessionCookie}=${value}` }
}

/** The session id inside the signed session cookie's value (base64 of a JSON string, then a signature). */
export function sessionIdOf(cookieValue: string): string {
  const encoded = decodeURIComponent(cookieValue).split('.')[0]!
  return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as string
}
