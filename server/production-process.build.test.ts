/**
 * The production process as a process manager or a container runtime sees it: `npm start`
 * on the build, then SIGTERM to the npm process itself (not to its child), while a
 * request is in flight. The request must finish with 200, new connections must be
 * refused, and the process must exit 0 (docs/decisions/0002, docs/operations.md).
 *
 * Needs `npm run build` first (*.build.test.ts: vitest.build.config.ts; scripts/test.sh
 * runs it after its build phase).
 *
 * The request in flight is a real form post whose body the test holds back: with
 * `Expect: 100-continue` the server says when it has taken the request (100 Continue),
 * and it cannot answer before the test sends the rest. No sleep decides anything.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

let npm: ChildProcess
let port: number
let dataDir: string
let output = ''
let exited: Promise<number | null>

async function freePort() {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Resolves once `check` holds, polling; fails with what the process printed. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the process printed:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

beforeAll(async () => {
  const entry = path.join(root, 'build/process/server.js')
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`)
  port = await freePort()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'))
  // Only what a fresh shell would have, so no test database or upstream leaks in. npm
  // start sets NODE_ENV to production over whatever the shell has.
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test' as const,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  }
  // Its own process group, so the clean-up below can reach the child if a test fails.
  npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  npm.stdout!.on('data', (chunk) => (output += chunk))
  npm.stderr!.on('data', (chunk) => (output += chunk))
  exited = new Promise((resolve) => npm.once('exit', (code) => resolve(code)))
  await until(
    '/healthz',
    () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    150_000,
  )
})

// Whatever is left of the process group after a failure (npm gone, a child still serving).
afterAll(() => {
  try {
    process.kill(-npm.pid!, 'SIGKILL')
  } catch {
    // ESRCH: nothing left, as after a pass
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

it('is ready (/readyz): the embedded services’ database and storage answer', async () => {
  const answer = await fetch(`http://127.0.0.1:${port}/readyz`)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('cache-control')).toBe('no-store')
  // The one-machine demo says which demo parts it runs (docs/decisions/0061).
  expect(await answer.json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', storage: 'ok' },
    demo: ['PAYMENTS_SANDBOX', 'DEMO_DATA', 'DEV_MAILBOX', 'DEV_UI', 'ALLOW_GENERATED_SECRETS'],
  })
})

it('refuses to start as a deployment on Postgres without PayMongo keys, with one line naming the setting (issue 32)', async () => {
  const failure = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    let stderr = ''
    const child = spawn(process.execPath, ['build/process/server.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        // Never reached: the configuration is refused before any connection.
        DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal',
        UPSTREAM_SECRET: 'u'.repeat(20),
        SESSION_SECRET: 's'.repeat(40),
        OIDC_CLIENT_SECRET: 'o'.repeat(20),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-refused-')),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    child.once('exit', (code) => resolve({ code, stderr }))
  })
  expect(failure.code).toBe(1)
  // One line of its own (oidc-provider may warn of the Node version on a line before it), no stack trace.
  expect(failure.stderr).toMatch(
    /^Invalid configuration: PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are required in production with DATABASE_URL: .*PAYMENTS_SANDBOX=true.*$/m,
  )
  expect(failure.stderr).not.toMatch(/^\s+at /m)
})

it('runs on the Node 24 release the image runs: npm test’s production phases put it first on PATH (docs/decisions/0065)', () => {
  const portal = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; node?: string })
    .find((line) => line.msg.endsWith('portal listening'))
  const image = fs
    .readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    .match(/^ARG NODE_IMAGE=node:(\S+)-bookworm-slim$/m)
  expect(image?.[1]).toMatch(/^24\./)
  expect(portal?.node).toBe(`v${image![1]}`)
})

it('runs its embedded upstream on a thread of its own, in the same process (docs/decisions/0054)', () => {
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { name?: string; msg: string; pid: number; host?: string })
  const portal = lines.find((line) => line.name === 'portal' && line.msg.endsWith('portal listening'))
  const upstream = lines.find((line) => line.name === 'upstream' && line.msg === 'upstream listening')
  expect(portal).toBeDefined()
  expect(upstream).toMatchObject({ pid: portal!.pid, host: '127.0.0.1' })
})

it('writes a page request’s id into its own log line and into the upstream’s lines for the calls it made', async () => {
  const answer = await fetch(`http://127.0.0.1:${port}/plans`)
  expect(answer.status).toBe(200)
  const requestId = answer.headers.get('x-request-id')!
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
  const linesOf = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; requestId?: string; upstreamCallId?: string; path?: string })
      .filter((line) => line.requestId === requestId)
  await until('the request’s log line', () => linesOf().some((line) => line.msg === 'request'), 10_000)
  const upstream = linesOf().filter((line) => line.msg === 'upstream call')
  expect(upstream.length).toBeGreaterThan(0)
  for (const line of upstream) expect(line.upstreamCallId).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
  expect(upstream.some((line) => line.path?.startsWith('/v1/plans'))).toBe(true)
})

it('finishes the request in flight, refuses new connections and exits 0 on SIGTERM to npm start', async () => {
  const body = 'intent=theme&theme=dark'
  const client = await connect()
  let received = ''
  client.on('data', (chunk) => (received += chunk))
  const closed = new Promise((resolve) => client.once('close', resolve))
  client.write(
    [
      'POST /preferences HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  )
  await until('100 Continue', () => received.startsWith('HTTP/1.1 100 Continue'), 30_000)

  npm.kill('SIGTERM')
  await until('the shutdown to begin', () => output.includes('shutting down: finishing open requests'), 30_000)
  expect(output).toContain('"mode":"production"')
  await expect(connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  expect(received).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/)

  client.write(body)
  await closed
  const [, head, answer] = received.match(/^HTTP\/1\.1 100 Continue\r\n\r\n(HTTP\/1\.1 [^]*?)\r\n\r\n([^]*)$/) ?? []
  expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
  // So a keep-alive client lets go at once rather than holding the stop up.
  expect(head).toMatch(/^connection: close$/im)
  expect(answer).toContain('{"ok":true}')

  const code = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000)),
  ])
  expect(code).toBe(0)
  await expect(connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' })
})
