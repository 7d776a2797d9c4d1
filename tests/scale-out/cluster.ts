/**
 * The scale-out set-up (issue 17, item 3; docs/operations.md, Several portal copies), on this
 * machine: a database of its own in the Postgres server the integration tests use
 * (TEST_DATABASE_URL), two upstream processes and three portal processes started by
 * deploy/process.sh exactly as the Dockerfile starts them, and Debian's nginx in front:
 * round robin over the portals for browsers (no stickiness), and round robin over the
 * upstreams for the portals' calls. Any process can be killed (SIGKILL) and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'

const ROOT = path.resolve(import.meta.dirname, '../..')
const BASE_PORT = Number(process.env.SCALE_OUT_BASE_PORT || 3240)

export const PORTS = {
  /** Browsers: nginx in front of the portals. */
  public: BASE_PORT,
  /** The portals' upstream calls: nginx in front of the upstreams. */
  internal: BASE_PORT + 1,
  portals: [BASE_PORT + 2, BASE_PORT + 3, BASE_PORT + 4],
  upstreams: [BASE_PORT + 5, BASE_PORT + 6],
  /** The test's own control of the processes (global-setup.ts). */
  control: BASE_PORT + 7,
  /** The upstreams reach Postgres through this gate, which the test can close (a stopped database). */
  database: BASE_PORT + 8,
} as const

export const PUBLIC_URL = `http://localhost:${PORTS.public}`
export const DATABASE_NAME = 'hibla_scale_out'

function serverUrl(): URL {
  const server = process.env.TEST_DATABASE_URL
  if (!server) throw new Error('the scale-out test needs TEST_DATABASE_URL (a Postgres server; .ci/run sets it)')
  return new URL(server)
}

/** The database the upstreams share: TEST_DATABASE_URL's server, a database of its own. */
export function databaseUrl(options: { throughGate?: boolean } = {}): string {
  const url = serverUrl()
  url.pathname = `/${DATABASE_NAME}`
  if (options.throughGate) {
    url.hostname = '127.0.0.1'
    url.port = String(PORTS.database)
  }
  return url.toString()
}

/**
 * A TCP pass-through to Postgres that can be closed and opened again: closed, the upstreams'
 * connections are cut and new ones refused, as when the database server stops.
 */
function databaseGate() {
  const target = serverUrl()
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  return {
    open: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((client) => {
          const database = net.connect(Number(target.port || 5432), target.hostname)
          track(client)
          track(database)
          client.pipe(database).pipe(client)
          client.once('close', () => database.destroy())
          database.once('close', () => client.destroy())
        })
        server.listen(PORTS.database, '127.0.0.1', resolve)
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve()
        server.close(() => resolve())
        server = undefined
        for (const socket of sockets) socket.destroy()
      }),
  }
}

export type ProcessName = `portal-${1 | 2 | 3}` | `upstream-${1 | 2}`

const SECRETS = {
  UPSTREAM_SECRET: 'scale-out-upstream-secret-0123456789',
  SESSION_SECRET: 'scale-out-session-secret-0123456789-abcdef',
  OIDC_CLIENT_SECRET: 'scale-out-oidc-client-secret-0123456789',
}

/** Every process reads the same configuration but its port (docs/operations.md, Several portal copies). */
function environment(name: ProcessName, workDir: string): NodeJS.ProcessEnv {
  const common = {
    NODE_ENV: 'production' as const,
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PRODUCT_NAME: 'Hibla',
    PUBLIC_URL,
    // nginx is the proxy in front of every process, on loopback.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'info',
    ...SECRETS,
    PAYMENT_GUEST_CALLS_PER_ACCOUNT: '1000',
    PAYMENT_GUEST_CALLS_PER_ADDRESS: '1000',
  }
  const index = Number(name.split('-')[1]) - 1
  if (name.startsWith('upstream')) {
    return {
      ...common,
      UPSTREAM_HOST: '127.0.0.1',
      UPSTREAM_PORT: String(PORTS.upstreams[index]),
      DATABASE_URL: databaseUrl({ throughGate: true }),
      DEMO_DATA: 'true',
      // The dev mailbox stays on (no SMTP here): the journeys read their emails there.
      DEV_MAILBOX: 'true',
      // One folder for both copies' uploads, as one bucket would be (docs/operations.md).
      DATA_DIR: path.join(workDir, 'upstream-data'),
    }
  }
  return {
    ...common,
    HOST: '127.0.0.1',
    PORT: String(PORTS.portals[index]),
    UPSTREAM_URL: `http://127.0.0.1:${PORTS.internal}`,
    DEV_MAILBOX: 'true',
    DATA_DIR: path.join(workDir, name),
  }
}

function nginxConfig(workDir: string): string {
  const servers = (ports: readonly number[]) =>
    ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n    ')
  const temp = (name: string) => `${name}_temp_path ${path.join(workDir, 'nginx', name)};`
  return `
worker_processes 1;
pid ${path.join(workDir, 'nginx/nginx.pid')};
error_log ${path.join(workDir, 'nginx/error.log')} warn;
events { worker_connections 1024; }
http {
  log_format routed '$server_port $request_method $uri $status $upstream_addr';
  access_log ${path.join(workDir, 'nginx/access.log')} routed;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  client_max_body_size 64m;
  proxy_request_buffering off;
  # Only a request that failed before any answer goes to another copy: never a POST twice.
  proxy_next_upstream error timeout;
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  upstream portals {
    ${servers(PORTS.portals)}
  }
  upstream upstreams {
    ${servers(PORTS.upstreams)}
  }
  server {
    listen 127.0.0.1:${PORTS.public};
    location / { proxy_pass http://portals; }
  }
  server {
    listen 127.0.0.1:${PORTS.internal};
    location / { proxy_pass http://upstreams; }
  }
}
`
}

async function waitUntilReady(url: string, child: ChildProcess, log: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}); ${tail(log)}`)
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s; ${tail(log)}`)
}

const tail = (file: string) => {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  return `last lines of ${file}:\n${text.split('\n').slice(-30).join('\n')}`
}

export type Cluster = {
  workDir: string
  kill: (name: ProcessName) => void
  /** Cuts the upstreams off Postgres (false) or lets them reach it again (true). */
  database: (open: boolean) => Promise<void>
  start: (name: ProcessName) => Promise<void>
  running: () => ProcessName[]
  /** The portal and upstream ports nginx passed requests to, per listener, read from its access log. */
  routedTo: () => { public: Set<string>; internal: Set<string> }
  stop: () => Promise<void>
}

export async function startCluster(): Promise<Cluster> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'))
  fs.mkdirSync(path.join(workDir, 'nginx'), { recursive: true })

  // A database of its own, new on every run.
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${DATABASE_NAME}`)
  } finally {
    await admin.end()
  }

  const gate = databaseGate()
  await gate.open()
  const children = new Map<ProcessName, ChildProcess>()
  async function start(name: ProcessName) {
    const log = path.join(workDir, `${name}.log`)
    const out = fs.openSync(log, 'a')
    const kind = name.startsWith('portal') ? 'portal' : 'upstream'
    const child = spawn('bash', ['deploy/process.sh', 'start', kind], {
      cwd: ROOT,
      env: environment(name, workDir),
      stdio: ['ignore', out, out],
    })
    fs.closeSync(out)
    children.set(name, child)
    const index = Number(name.split('-')[1]) - 1
    const port = kind === 'portal' ? PORTS.portals[index] : PORTS.upstreams[index]
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, child, log)
  }

  function kill(name: ProcessName) {
    const child = children.get(name)
    if (!child || child.exitCode !== null) throw new Error(`${name} is not running`)
    child.kill('SIGKILL')
    children.delete(name)
  }

  // nginx first (the portals' readiness asks the upstream through it), then the first
  // upstream alone (it migrates and seeds the new database), then the rest side by side.
  const nginxConf = path.join(workDir, 'nginx/nginx.conf')
  fs.writeFileSync(nginxConf, nginxConfig(workDir))
  const nginx = spawn('nginx', ['-c', nginxConf, '-p', path.join(workDir, 'nginx'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await start('upstream-1')
  await Promise.all([start('upstream-2'), start('portal-1'), start('portal-2'), start('portal-3')])

  return {
    workDir,
    kill,
    database: (open) => (open ? gate.open() : gate.close()),
    start,
    running: () => [...children.keys()],
    routedTo() {
      const routed = { public: new Set<string>(), internal: new Set<string>() }
      const lines = fs.readFileSync(path.join(workDir, 'nginx/access.log'), 'utf8').split('\n')
      for (const line of lines) {
        // The addresses come last: a retried request lists each one it tried ("a, b").
        const [port, , , , ...addresses] = line.split(' ')
        const upstream = addresses.join(' ')
        if (!upstream || upstream === '-') continue
        // The last one answered.
        const answered = upstream.split(', ').pop()!.split(':').pop()!
        if (port === String(PORTS.public)) routed.public.add(answered)
        if (port === String(PORTS.internal)) routed.internal.add(answered)
      }
      return routed
    },
    async stop() {
      for (const child of children.values()) child.kill('SIGTERM')
      nginx.kill('SIGTERM')
      await gate.close()
      await Promise.all(
        [...children.values(), nginx].map(
          (child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
        ),
      )
    },
  }
}
