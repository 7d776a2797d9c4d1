/** The journeys' side of global-setup.ts's control endpoint. */
import { expect } from '@playwright/test'
import { PORTS, type ProcessName } from './cluster'

const CONTROL = `http://127.0.0.1:${PORTS.control}`

async function command(verb: 'kill' | 'start', name: ProcessName) {
  const answer = await fetch(`${CONTROL}/${verb}/${name}`, { method: 'POST' })
  expect(answer.status, `${verb} ${name}: ${await answer.text()}`).toBe(204)
}

export const kill = (name: ProcessName) => command('kill', name)
export const restart = (name: ProcessName) => command('start', name)

/** Closes or opens the upstreams' way to Postgres (cluster.ts, databaseGate). */
export async function database(state: 'open' | 'close') {
  const answer = await fetch(`${CONTROL}/database/${state}`, { method: 'POST' })
  expect(answer.status, `database ${state}: ${await answer.text()}`).toBe(204)
}

/** Backs up, loses and restores the database and the uploads (backup.ts); answers the run's folder. */
export async function rehearseBackup(): Promise<{ workDir: string }> {
  const answer = await fetch(`${CONTROL}/rehearse-backup`, { method: 'POST' })
  expect(answer.status, `backup rehearsal: ${answer.status === 200 ? '' : await answer.text()}`).toBe(200)
  return answer.json()
}

/** Which portal and upstream ports nginx sent requests to so far, and which processes run. */
export async function routed(): Promise<{ public: string[]; internal: string[]; running: ProcessName[] }> {
  return (await fetch(`${CONTROL}/routed`)).json()
}

/** The cluster's folder (cluster.ts): each process's DATA_DIR and TMPDIR, the upstreams' shared uploads. */
export async function workDir(): Promise<string> {
  return ((await (await fetch(`${CONTROL}/work-dir`)).json()) as { workDir: string }).workDir
}
