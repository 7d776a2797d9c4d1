/**
 * Test support for a migration that moves data (the one-time codes' 0031, the incidents' 0040):
 * a new, empty database of the run's kind (PGlite, or a database of its own on the Postgres
 * server with TEST_DB=postgres), and the migrations folder cut before a migration, so a test
 * can fill the old tables and then run the rest.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import type { Database } from './db/client.ts'

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db/migrations')

export type Migrate = (folder: string) => Promise<void>

/** A new, empty database of the run's kind, and the migrator for it. */
export async function openEmpty(): Promise<{ db: Database; migrate: Migrate; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
  if (!serverUrl) {
    const { PGlite } = await import('@electric-sql/pglite')
    const { drizzle } = await import('drizzle-orm/pglite')
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    const client = new PGlite()
    const pglite = drizzle(client)
    return {
      db: pglite as unknown as Database,
      migrate: (folder) => migrate(pglite, { migrationsFolder: folder }),
      close: () => client.close(),
    }
  }
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const name = `migration_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(query).finally(() => client.end())
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  const postgres = drizzle(pool)
  return {
    db: postgres as unknown as Database,
    migrate: (folder) => migrate(postgres, { migrationsFolder: folder }),
    close: async () => {
      await pool.end()
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** The migrations folder as it was before MIGRATION: its journal cut there. */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'))
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const cut = journal.entries.findIndex((entry) => entry.tag === tag)
  expect(cut, `${tag} is in the journal`).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, cut)
  fs.mkdirSync(path.join(folder, 'meta'))
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal))
  for (const { tag: earlier } of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder, `${earlier}.sql`), path.join(folder, `${earlier}.sql`))
  return folder
}
