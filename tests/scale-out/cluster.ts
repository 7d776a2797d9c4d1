/**
 * The scale-out set-up (issue 17, item 3; docs/operations.md, Several portal copies), on this
 * machine: a database of its own in the Postgres server the integration tests use
 * (TEST_DATABASE_URL), two upstream processes and three portal processes started by
 * deploy/process.sh exactly as the Dockerfile starts them, and Debian's nginx in front:
 * round robin over the portals for browsers (no stickiness), and round robin over the
 * upstreams for the portals' calls. Any process can be killed (SIGKILL) and started again.
 *
 * startCluster's options size it otherwise (npm run bench, scripts/bench/scale-out.ts: one
 * portal and one upstream against three and two, on ports of their own, each on a database of
 * its own), and a cluster tells each process's pid and times a restart, spawn to /readyz 200.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'

const ROOT = path.resolve(import.meta.dirname, '../..')
const BASE_PORT = Number(process.env.SCALE_OUT_BASE_PORT || 3240)

export type Ports = {
  /** Browsers: nginx in front of the portals. */
  public: number
  /** The portals' upstream calls: nginx in front of the upstreams. */
  internal: number
  portals: number[]
  upstreams: number[]
  /** The test's own control of the processes (global-setup.ts). */
  control: number
  /** The upstreams reach Postgres through this gate, which the test can close (a stopped database). */
  database: number
}

/** Consecutive ports from `base`: nginx's two listeners, the portals, the upstreams, the control, the gate. */
export function portsFrom(base: number, portals: number, upstreams: number): Ports {
  const range = (from: number, count: number) => Array.from({ length: count }, (_, n) => from + n)
  return {
    public: base,
    internal: base + 1,
    portals: range(base + 2, portals),
    upstreams: range(base + 2 + portals, upstreams),
    control: base + 2 + portals + upstreams,
    database: base + 3 + portals + upstreams,
  }
}

/** The scale-out test's set-up: three portals and two upstreams. */
export const PORTS = portsFrom(BASE_PORT, 3, 2)

export const PUBLIC_URL = `http://localhost:${PORTS.public}`
/**
 * The test's database: `hibla_scale_out` on the default ports, a name of its own when
 * SCALE_OUT_BASE_PORT moves them, so two runs on one Postgres server never drop each other's.
 */
export const DATABASE_NAME = BASE_PORT === 3240 ? 'hibla_scale_out' : `hibla_scale_out_${BASE_PORT}`

function serverUrl(server = process.env.TEST_DATABASE_URL): URL {
  if (!server) throw new Error('the scale-out test needs TEST_DATABASE_URL (a Postgres server; .ci/run sets it)')
  return new URL(server)
}

/** Where a cluster's upstreams keep their data: a database of its own on a Postgres server. */
type DatabaseTarget = { server?: string; name?: string; gatePort?: number }

/** The database the upstreams share: TEST_DATABASE_URL's server, a database of its own. */
export function databaseUrl(options: { throughGate?: boolean } & DatabaseTarget = {}): string {
  const url = serverUrl(options.server)
  url.pathname = `/${options.name ?? DATABASE_NAME}`
  if (options.throughGate) {
    url.hostname = '127.0.0.1'
    url.port = String(options.gatePort ?? PORTS.database)
  }
  return url.toString()
}

/**
 * A TCP pass-through to Postgres that can be closed and opened again: closed, the upstreams'
 * connections are cut and new ones refused, as when the database server stops.
 */
function databaseGate(databaseServer: string | undefined, port: number) {
  const target = serverUrl(databaseServer)
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
        server.listen(port, '127.0.0.1', resolve)
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

/** Drops the database (connections and all) and creates it empty, on TEST_DATABASE_URL's server or `server`. */
export async function recreateDatabase(name: string, server = process.env.TEST_DATABASE_URL): Promise<void> {
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
}

export type ProcessName = `portal-${number}` | `upstream-${number}`

export const SECRETS = {
  UPSTREAM_SECRET: 'scale-out-upstream-secret-0123456789',
  SESSION_SECRET: 'scale-out-session-secret-0123456789-abcdef',
  OIDC_CLIENT_SECRET: 'scale-out-oidc-client-secret-0123456789',
}

export type ClusterOptions = {
  /** Portal copies behind nginx (default 3). */
  portals?: number
  /** Upstream copies behind nginx (default 2). */
  upstreams?: number
  /** The first of the cluster's consecutive ports (portsFrom; default SCALE_OUT_BASE_PORT or 3240). */
  basePort?: number
  /** Every process's LOG_LEVEL (default info). */
  logLevel?: string
  /** The Postgres server (default TEST_DATABASE_URL). */
  databaseServer?: string
  /** The database created anew on it for this cluster (default DATABASE_NAME). */
  databaseName?: string
}

type Layout = { ports: Ports; publicUrl: string; logLevel: string; database: DatabaseTarget }

/** Every process reads the same configuration but its port (docs/operations.md, Several portal copies). */
function environment(name: ProcessName, workDir: string, layout: Layout): NodeJS.ProcessEnv {
  const { ports } = layout
  const common = {
    NODE_ENV: 'production' as const,
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PRODUCT_NAME: 'Hibla',
    PUBLIC_URL: layout.publicUrl,
    // nginx is the proxy in front of every process, on loopback.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: layout.logLevel,
    ...SECRETS,
    PAYMENT_GUEST_CALLS_PER_ACCOUNT: '1000',
    PAYMENT_GUEST_CALLS_PER_ADDRESS: '1000',
    // A deployment in production refuses the payment sandbox unless told (docs/decisions/0061):
    // the journeys pay in it on purpose, and the portals pass its pages through and say so.
    PAYMENTS_SANDBOX: 'true',
  }
  const index = Number(name.split('-')[1]) - 1
  // A temp folder of each process's own, as each container has: what a killed copy left there
  // (an upload being read) can be found, and only that copy clears it.
  const own = { TMPDIR: tmpDir(workDir, name) }
  if (name.startsWith('upstream')) {
    return {
      ...common,
      ...own,
      UPSTREAM_HOST: '127.0.0.1',
      UPSTREAM_PORT: String(ports.upstreams[index]),
      DATABASE_URL: databaseUrl({ ...layout.database, throughGate: true, gatePort: ports.database }),
      DEMO_DATA: 'true',
      // The dev mailbox stays on (no SMTP here): the journeys read their emails there.
      DEV_MAILBOX: 'true',
      // One folder for both copies' uploads, as one bucket would be (docs/operations.md).
      DATA_DIR: path.join(workDir, 'upstream-data'),
    }
  }
  return {
    ...common,
    ...own,
    HOST: '127.0.0.1',
    PORT: String(ports.portals[index]),
    UPSTREAM_URL: `http://127.0.0.1:${ports.internal}`,
    DEV_MAILBOX: 'true',
    DATA_DIR: path.join(workDir, name),
  }
}

/** A process's TMPDIR (environment): workDir/<name>/tmp. */
export const tmpDir = (workDir: string, name: ProcessName) => path.join(workDir, name, 'tmp')

function nginxConfig(workDir: string, ports: Ports): string {
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
  # Kept-alive connections to the copies, as deploy/compose/nginx.conf keeps them: a new TCP
  # connection per request would cost every portal page and every upstream call one more accept.
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  # The bench's load generator sends thousands of requests on each connection; past nginx's
  # default of 1000 nginx closes it, and autocannon counts the request it already sent there as
  # an error. A browser never comes near either number.
  keepalive_requests 100000;
  upstream portals {
    ${servers(ports.portals)}
    keepalive 16;
  }
  upstream upstreams {
    ${servers(ports.upstreams)}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${ports.public};
    location / { proxy_pass http://portals; }
  }
  server {
    listen 127.0.0.1:${ports.internal};
    location / { proxy_pass http://upstreams; }
  }
}
`
}

async function waitUntilReady(url: string, child: ChildProcess, log: string, timeoutMs = 120_000, everyMs = 250) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}); ${tail(log)}`)
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s; ${tail(log)}`)
}

const tail = (file: string) => {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  return `last lines of ${file}:\n${text.split('\n').slice(-30).join('\n')}`
}

export type StartRecord = { spawnedAt: number; readyAfterMs: number; logOffset: number }

export type Cluster = {
  workDir: string
  ports: Ports
  /** What browsers use: nginx's public listener, by the name PUBLIC_URL gives every process. */
  publicUrl: string
  kill: (name: ProcessName) => void
  /** Cuts the upstreams off Postgres (false) or lets them reach it again (true). */
  database: (open: boolean) => Promise<void>
  /** Starts a process and waits for its /readyz; resolves with the milliseconds from spawn to ready. */
  start: (name: ProcessName) => Promise<number>
  /** Stops a process as a rolling restart does (SIGTERM), waits for its exit, starts it again: spawn to ready, ms. */
  restart: (name: ProcessName) => Promise<number>
  /** The running process's pid (deploy/process.sh execs node, so it is node's), for its memory and CPU. */
  pid: (name: ProcessName) => number
  /** nginx's master process (its worker is its child). */
  nginxPid: () => number
  /** The process's log (JSON lines with LOG_LEVEL info and below). */
  logFile: (name: ProcessName) => string
  /** The process's last start: when it was spawned (epoch ms), spawn to ready (ms), its log's size before. */
  lastStart: (name: ProcessName) => StartRecord | undefined
  running: () => ProcessName[]
  /** The portal and upstream ports nginx passed requests to, per listener, read from its access log. */
  routedTo: () => { public: Set<string>; internal: Set<string> }
  stop: () => Promise<void>
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const portals = options.portals ?? 3
  const upstreams = options.upstreams ?? 2
  const ports = portsFrom(options.basePort ?? BASE_PORT, portals, upstreams)
  const layout: Layout = {
    ports,
    publicUrl: `http://localhost:${ports.public}`,
    logLevel: options.logLevel ?? 'info',
    database: { server: options.databaseServer, name: options.databaseName },
  }
  const databaseName = options.databaseName ?? DATABASE_NAME
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'))
  fs.mkdirSync(path.join(workDir, 'nginx'), { recursive: true })

  // A database of its own, new on every run.
  await recreateDatabase(databaseName, options.databaseServer)

  const gate = databaseGate(options.databaseServer, ports.database)
  await gate.open()
  const children = new Map<ProcessName, ChildProcess>()
  const logFile = (name: ProcessName) => path.join(workDir, `${name}.log`)
  const starts = new Map<ProcessName, StartRecord>()
  async function start(name: ProcessName) {
    const log = logFile(name)
    const out = fs.openSync(log, 'a')
    const logOffset = fs.fstatSync(out).size
    const kind = name.startsWith('portal') ? 'portal' : 'upstream'
    const index = Number(name.split('-')[1]) - 1
    const port = kind === 'portal' ? ports.portals[index] : ports.upstreams[index]
    if (port === undefined) throw new Error(`${name}: this cluster has no such process`)
    fs.mkdirSync(tmpDir(workDir, name), { recursive: true })
    const spawnedAt = Date.now()
    const started = performance.now()
    const child = spawn('bash', ['deploy/process.sh', 'start', kind], {
      cwd: ROOT,
      env: environment(name, workDir, layout),
      stdio: ['ignore', out, out],
    })
    fs.closeSync(out)
    children.set(name, child)
    // Polled often, so the time it resolves with is the start's, not the polling's.
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, child, log, 120_000, 50)
    const readyAfterMs = performance.now() - started
    starts.set(name, { spawnedAt, readyAfterMs, logOffset })
    return readyAfterMs
  }

  function kill(name: ProcessName) {
    const child = children.get(name)
    if (!child || child.exitCode !== null) throw new Error(`${name} is not running`)
    child.kill('SIGKILL')
    children.delete(name)
  }

  async function restart(name: ProcessName) {
    const child = children.get(name)
    if (!child || child.exitCode !== null) throw new Error(`${name} is not running`)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    children.delete(name)
    return start(name)
  }

  // nginx first (the portals' readiness asks the upstream through it), then the first
  // upstream alone (it migrates and seeds the new database), then the rest side by side.
  const nginxConf = path.join(workDir, 'nginx/nginx.conf')
  fs.writeFileSync(nginxConf, nginxConfig(workDir, ports))
  const nginx = spawn('nginx', ['-c', nginxConf, '-p', path.join(workDir, 'nginx'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const names = (kind: 'portal' | 'upstream', count: number) =>
    Array.from({ length: count }, (_, n) => `${kind}-${n + 1}` as ProcessName)
  const [first, ...otherUpstreams] = names('upstream', upstreams)
  if (first) await start(first)
  await Promise.all([...otherUpstreams, ...names('portal', portals)].map(start))

  return {
    workDir,
    ports,
    publicUrl: layout.publicUrl,
    kill,
    database: (open) => (open ? gate.open() : gate.close()),
    start,
    restart,
    pid(name) {
      const pid = children.get(name)?.pid
      if (pid === undefined) throw new Error(`${name} is not running`)
      return pid
    },
    nginxPid() {
      if (nginx.pid === undefined) throw new Error('nginx did not start')
      return nginx.pid
    },
    logFile,
    lastStart: (name) => starts.get(name),
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
        if (port === String(ports.public)) routed.public.add(answered)
        if (port === String(ports.internal)) routed.internal.add(answered)
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
