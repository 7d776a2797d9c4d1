/**
 * Test databases: a fresh one per test file, copied from a template that is built once
 * per run instead of migrating (and seeding 42,000 barangays) in every file
 * (docs/decisions/0017). PGlite in memory, loaded from a data-directory tarball; or, with
 * TEST_DB=postgres, a new database on the server named by TEST_DATABASE_URL, made with
 * CREATE DATABASE … TEMPLATE.
 *
 * The default export is Vitest's global setup (vitest.config.ts): it gives the run a
 * place for its templates and removes them at the end. The first file that needs a
 * template builds it; files in other workers wait for that one.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { pino } from 'pino'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { TEST_SCRYPT_PARAMS } from '../context.ts'
import { installJobsSchema } from '../jobs/index.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { seedAll } from './seed.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's templates: PGlite tarballs in `directory`, Postgres databases named from `prefix`. */
    testDatabaseTemplates: { directory: string; prefix: string }
  }
}

/** A database migrated and empty, or also seeded like startServices does with demo data on (at the test password cost). */
export type TestDatabaseContent = { seededFor?: string }

export default function setup(project: TestProject) {
  const run = crypto.randomBytes(4).toString('hex')
  const templates = {
    directory: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-templates-')),
    prefix: `portal_template_${run}`,
  }
  project.provide('testDatabaseTemplates', templates)
  return async () => {
    fs.rmSync(templates.directory, { recursive: true, force: true })
    const serverUrl = process.env.TEST_DATABASE_URL
    if (!serverUrl) return
    const { default: pg } = await import('pg')
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    const { rows } = await admin.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE datname LIKE $1',
      [`${templates.prefix}%`],
    )
    for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  }
}

const silent = pino({ level: 'silent' })

function templateName(content: TestDatabaseContent) {
  return content.seededFor ? `seeded_${content.seededFor.toLowerCase()}` : 'migrated'
}

async function seed(database: DatabaseHandle, productName: string) {
  await seedAll(database.db, { productName, demo: true, passwordCost: TEST_SCRYPT_PARAMS })
}

export async function openTestDatabase(content: TestDatabaseContent = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
  if (!serverUrl) return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(content) })
  const { default: pg } = await import('pg')
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE "${await postgresTemplate(serverUrl, content)}"`)
  await admin.end()
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name) })
  return {
    ...handle,
    async close() {
      await handle.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const pgliteTemplates = new Map<string, Promise<Blob>>()

/** A PGlite data directory as a tarball (dumpDataDir), built by the first worker that asks. */
function pgliteTemplate(content: TestDatabaseContent): Promise<Blob> {
  const name = templateName(content)
  let template = pgliteTemplates.get(name)
  if (!template) {
    const file = path.join(inject('testDatabaseTemplates').directory, `${name}.tar`)
    template = buildOnce(file, async () => {
      const database = await openDatabase(
        content.seededFor ? { dataDir: 'memory://', loadDataDir: await pgliteTemplate({}) } : { dataDir: 'memory://' },
      )
      try {
        if (content.seededFor) await seed(database, content.seededFor)
        // The job queue's schema (startServices makes it otherwise), once per run instead of once per file.
        else await installJobsSchema(database, silent)
        const client = (database.db as unknown as { $client: PGlite }).$client
        return client.dumpDataDir('none')
      } finally {
        await database.close()
      }
    })
    pgliteTemplates.set(name, template)
  }
  return template
}

/** Across the run's worker processes: the first caller builds `file`, the others wait until it is there. */
async function buildOnce(file: string, build: () => Promise<Blob>): Promise<Blob> {
  const lock = `${file}.lock`
  for (;;) {
    if (fs.existsSync(file)) return fs.openAsBlob(file)
    try {
      fs.mkdirSync(lock)
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
      continue
    }
    try {
      const data = await build()
      fs.writeFileSync(`${file}.part`, Buffer.from(await data.arrayBuffer()))
      fs.renameSync(`${file}.part`, file)
      return data
    } finally {
      fs.rmSync(lock, { recursive: true, force: true })
    }
  }
}

const postgresTemplates = new Map<string, Promise<string>>()

/** A template database on the server, built under an advisory lock by the first worker that asks. */
function postgresTemplate(serverUrl: string, content: TestDatabaseContent): Promise<string> {
  const name = `${inject('testDatabaseTemplates').prefix}_${templateName(content)}`
  let template = postgresTemplates.get(name)
  if (!template) {
    template = (async () => {
      const { default: pg } = await import('pg')
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      try {
        // Held until this connection ends: a second worker finds the template built.
        await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name])
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
        if (!rowCount) {
          const source = content.seededFor ? ` TEMPLATE "${await postgresTemplate(serverUrl, {})}"` : ''
          await admin.query(`CREATE DATABASE "${name}"${source}`)
          try {
            const database = await openDatabase({ url: databaseUrl(serverUrl, name) })
            try {
              if (content.seededFor) await seed(database, content.seededFor)
              else await installJobsSchema(database, silent)
            } finally {
              await database.close()
            }
          } catch (error) {
            // Half-built: no later file may copy it.
            await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
            throw error
          }
        }
      } finally {
        await admin.end()
      }
      return name
    })()
    postgresTemplates.set(name, template)
  }
  return template
}
