/**
 * The floor the portal's pages are measured against (issue 9, item 6): a bare React Router
 * v7 app (scripts/bench/bare-app/, a root and one page as the framework's template has
 * them), built once into .bench/bare-app and served alone by `react-router-serve` on its
 * own port, in its own process group, as anyone would serve a React Router app. Its pages carry none of the
 * portal's middleware, session, logging or upstream calls: that is what the ratio shows.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { get } from './http.ts'
import { sleep } from './settings.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
// Inside the repository, so the build's imports resolve from its node_modules.
const buildDir = path.join(root, '.bench/bare-app')

let server: ChildProcess | undefined

export function buildBareApp() {
  console.log('\n> building the bare React Router app (scripts/bench/bare-app) into .bench/bare-app')
  fs.rmSync(buildDir, { recursive: true, force: true })
  const result = spawnSync('npx', ['react-router', 'build', 'scripts/bench/bare-app'], {
    cwd: root,
    env: { ...process.env, BARE_APP_BUILD: buildDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (result.status !== 0) throw new Error(`the bare app's build failed (exit ${result.status ?? result.signal})`)
  // The server build is ESM; the folder has no package.json of its own.
  fs.writeFileSync(path.join(buildDir, 'package.json'), '{ "type": "module" }\n')
}

/** Starts `react-router-serve` on `port`; resolves with its base URL and process group. */
export async function startBareApp(port: number): Promise<{ base: string; pgid: number }> {
  server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/@react-router/serve/bin.js'), path.join(buildDir, 'server/index.js')],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
      detached: true,
      // react-router-serve logs each request (morgan) to stdout: written, as it would be, but not kept.
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const child = server
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error('react-router-serve exited before answering')
    try {
      if ((await get(`${base}/`, {}, 1000)).status === 200) return { base, pgid: child.pid! }
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error('react-router-serve did not answer within 30 s')
}

export async function stopBareApp() {
  const pid = server?.pid
  server = undefined
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGTERM')
  } catch {
    return // already gone
  }
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(-pid, 0)
    } catch {
      return
    }
    await sleep(100)
  }
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // gone meanwhile
  }
}

process.on('exit', () => {
  if (server?.pid !== undefined) {
    try {
      process.kill(-server.pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
})
