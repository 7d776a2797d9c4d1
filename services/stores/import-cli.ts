/**
 * `npm run import:stores -- FILE [--replace|--merge] [--dry-run]` (docs/operations.md,
 * Stores; build/process/import-stores.js in the image). Reads the operator's stores from a
 * CSV file (importer.ts), reports every bad field with its line and column and imports
 * nothing then; else replaces every store, the demo ones included (--replace), or adds and
 * updates by store id (--merge, the default). --dry-run does all of it in a transaction it
 * rolls back: every check and count, nothing written. Exit code 0 on success, 1 on a bad
 * file, 2 on bad arguments.
 *
 * With the embedded database (no DATABASE_URL) stop the portal first: PGlite is opened by
 * one process at a time. With a Postgres server, run it while the portal runs; the portal
 * caches the store lists for a few minutes.
 */
import { STORE_TYPES } from '../../lib/stores.ts'
import { loadConfigOrExit } from '../../lib/start.ts'
import { openDatabase } from '../db/client.ts'
import { IMPORT_FLAGS, importLineOrExit } from '../operator-command.ts'
import { StoreImportError, describeProblem, importStores, parseStoresCsv } from './importer.ts'

const args = importLineOrExit({
  name: 'import:stores',
  synopsis: 'FILE [--replace|--merge] [--dry-run]',
  about: [
    'Loads business centres, payment centres and authorized outlets from a CSV file',
    '(docs/operations.md, Stores). A file with a bad row imports nothing and lists every bad line.',
  ].join('\n'),
  flags: IMPORT_FLAGS,
  file: true,
})
const text = args.text

const config = loadConfigOrExit()
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
try {
  const report = await importStores({ db: database.db, now: () => new Date() }, parseStoresCsv(text), {
    mode: args.mode,
    dryRun: args.dryRun,
  })
  const total = STORE_TYPES.reduce((sum, type) => sum + report.imported[type], 0)
  console.log(
    `${args.dryRun ? 'dry run, nothing written: would import' : 'imported'} ${args.file} (${report.mode}): ${total} stores (` +
      STORE_TYPES.map((type) => `${report.imported[type]} ${type}`).join(', ') +
      `); ${report.added} added, ${report.updated} updated` +
      (report.mode === 'replace' ? `, ${report.removed} removed` : ''),
  )
  if (report.demoStoresLeft > 0) console.log(`note: ${report.demoStoresLeft} demo stores remain (use --replace)`)
  process.exitCode = 0
} catch (error) {
  if (!(error instanceof StoreImportError)) throw error
  process.stderr.write(`${args.file}: ${error.message}\n`)
  for (const problem of error.problems) process.stderr.write(`  ${describeProblem(problem)}\n`)
  process.exitCode = 1
} finally {
  await database.close()
}
