/**
 * The production server the bench measures: a free port, a start with a fresh DATA_DIR,
 * a stop that always happens (also on Ctrl-C or an early exit), and the CPU time its
 * process group used.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { get } from './http.ts'
import { sleep } from './settings.ts'

const PORT_RANGE = [3400, 3499] as const
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let server: ChildProcess | undefined
let dataDir: string | undefined

/** The server's process group, whose CPU time groupCpuMs reads. */
export function serverGroup() {
  if (server?.pid === undefined) throw new Error('the server is not running')
  return server.pid
}

function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

export async function freePort(range: readonly [number, number] = PORT_RANGE) {
  for (let port = range[0]; port <= range[1]; port++) {
    if (await portIsFree(port)) return port
  }
  throw new Error(`no free port in ${range[0]}-${range[1]}`)
}

/** How the server ended, once it has: its exit code or the signal that ended it; null while it runs. */
export function serverExit(): string | null {
  if (!server) return null
  if (server.signalCode !== null) return `killed by ${server.signalCode}`
  if (server.exitCode !== null) return `exit code ${server.exitCode}`
  return null
}

/** The server's log so far (its stdout and stderr), or '' when there is none. */
export function serverLog(): string {
  try {
    return dataDir ? fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8') : ''
  } catch {
    return ''
  }
}

// The child runs in its own process group: signals go to the group.
function groupAlive(pid: number) {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // already gone
  }
}

export async function stopServer() {
  const pid = server?.pid
  if (pid !== undefined && groupAlive(pid)) {
    signalGroup(pid, 'SIGTERM')
    const deadline = Date.now() + 8000
    while (groupAlive(pid) && Date.now() < deadline) await sleep(100)
    if (groupAlive(pid)) signalGroup(pid, 'SIGKILL')
  }
  server = undefined
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  dataDir = undefined
}

// Last resort if the bench exits without going through stopServer.
process.on('exit', () => {
  if (server?.pid !== undefined && groupAlive(server.pid)) signalGroup(server.pid, 'SIGKILL')
})
// Ctrl-C reaches every process of the terminal's group, and tsx relays it to this one a
// second time: stay subscribed (a second signal must not kill us mid-cleanup).
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping the server`)
    void stopServer().finally(() => process.exit(130))
  })
}

function logTail(file: string, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

/** The server's DATA_DIR while it runs. */
export function serverDataDir(): string {
  if (!dataDir) throw new Error('the server is not running')
  return dataDir
}

/**
 * Starts the server on `port` and waits for its /healthz. `timeoutMs`: a fresh DATA_DIR seeds
 * first (up to 2 minutes on a busy machine). `privateTmp`: the server's TMPDIR is a folder of
 * its own (DATA_DIR/tmp), so what it leaves there can be told from other programs' files.
 */
export async function startServer(port: number, options: { timeoutMs?: number; privateTmp?: boolean } = {}) {
  const timeoutMs = options.timeoutMs ?? 180_000
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fibre-bench-'))
  if (options.privateTmp) fs.mkdirSync(path.join(dataDir, 'tmp'))
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.openSync(logFile, 'w')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MAINTENANCE_MODE: 'false',
    ...(options.privateTmp ? { TMPDIR: path.join(dataDir, 'tmp') } : {}),
  }
  // The embedded upstream and PGlite, as in a default production start.
  delete env.DATABASE_URL
  delete env.UPSTREAM_URL
  // What `npm start` runs: the compiled process the build bundled (build/process/).
  server = spawn(process.execPath, ['build/process/server.js'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  const child = server
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before answering /healthz:\n${logTail(logFile)}`)
    }
    try {
      const res = await get(`${base}/healthz`, {}, 1000)
      if (res.status === 200) return base
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`server did not answer /healthz within ${timeoutMs / 1000} s:\n${logTail(logFile)}`)
}

// CPU time of the server's whole process group, from /proc (Linux). On a shared machine
// req/s moves with the neighbours' load; CPU per request moves much less.
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

export function groupCpuMs(pgid: number): number | null {
  let ticks = 0
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      let stat: string
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      } catch {
        continue // exited meanwhile
      }
      // Fields after "(comm)": state ppid pgrp … utime (12th) stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12])
    }
  } catch {
    return null
  }
  return (ticks * 1000) / CLOCK_TICKS
}

/** A process as /proc lists it: its id, its parent's and its command's name. */
export type ProcessEntry = { pid: number; ppid: number; comm: string }

/** Every process /proc lists (Linux), or null elsewhere. */
export function listProcesses(): ProcessEntry[] | null {
  const entries: ProcessEntry[] = []
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        entries.push({ pid: Number(entry), ppid: Number(fields[1]), comm })
      } catch {
        // exited meanwhile
      }
    }
  } catch {
    return null
  }
  return entries
}

/**
 * CPU time (utime + stime) of these processes, ms; a process gone counts 0. Null off Linux.
 * `reaping`: processes whose exited children's time counts too (cutime + cstime), such as a
 * Postgres server's postmaster, whose backends come and go with the pools' connections.
 */
export function pidsCpuMs(pids: number[], reaping: number[] = []): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null
  let ticks = 0
  for (const pid of [...pids, ...reaping.map((pid) => -pid)]) {
    try {
      const stat = fs.readFileSync(`/proc/${Math.abs(pid)}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += pid > 0 ? Number(fields[11]) + Number(fields[12]) : Number(fields[13]) + Number(fields[14])
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / CLOCK_TICKS
}

/** A process's resident memory (VmRSS in /proc/<pid>/status), bytes, or null. */
export function rssBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}
