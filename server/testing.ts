/**
 * Test support: the real portal (server.ts createPortal, Vite in middleware mode) on a
 * free loopback port, with PUBLIC_URL set to that port so the embedded provider's issuer
 * and redirect URIs point at it.
 */
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createPortal, type PortalOptions } from '../server.ts'
import type { Config } from '../lib/env.ts'
import { silentLogger, testConfig } from '../services/testing.ts'

export type TestPortal = {
  base: string
  config: Config
  portal: Awaited<ReturnType<typeof createPortal>>
  close: () => Promise<void>
}

export async function startTestPortal(env: Record<string, string> = {}, options: PortalOptions = {}): Promise<TestPortal> {
  // The issuer is built from the port, so reserve one before the portal starts.
  const probe = await new Promise<net.Server>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => resolve(s))
  })
  const port = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  const base = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'))
  const config = testConfig({ PUBLIC_URL: base, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', ...env })
  const portal = await createPortal(config, silentLogger, options)
  const server = await new Promise<Server>((resolve) => {
    const s = portal.app.listen(port, '127.0.0.1', () => resolve(s))
  })
  return {
    base,
    config,
    portal,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await portal.close()
    },
  }
}
