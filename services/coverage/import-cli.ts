/**
 * `npm run import:coverage -- FILE [--replace|--merge] [--dry-run]` (docs/operations.md,
 * Importing coverage; build/process/import-coverage.js in the image). Reads NAP boxes,
 * buildings and subdivisions from a CSV or GeoJSON file (importer.ts), reports every bad row
 * with its line or feature number and imports nothing then; else replaces the network
 * (--replace) or merges into it (--merge, the default), and tells the leads the new network
 * reaches. --dry-run does all of it in a transaction it rolls back: every check and count,
 * nothing written, no email. Exit code 0 on success, 1 on a bad file, 2 on bad arguments.
 *
 * With the embedded database (no DATABASE_URL) stop the portal first: PGlite is opened by
 * one process at a time. With a Postgres server, run it while the portal runs: every
 * process sees the new coverage version at its next check.
 */
import path from 'node:path'
import { createLogger } from '../../lib/logger.ts'
import { loadConfigOrExit } from '../../lib/start.ts'
import { serviceSettingsFromConfig } from '../context.ts'
import { openDatabase } from '../db/client.ts'
import { IMPORT_FLAGS, importLineOrExit } from '../operator-command.ts'
import { deliverPending } from '../notifications/outbox.ts'
import { createSmtpSender } from '../notifications/sender.ts'
import { CoverageImportError, importCoverage, parseCoverageFile } from './importer.ts'

const args = importLineOrExit({
  name: 'import:coverage',
  synopsis: 'FILE [--replace|--merge] [--dry-run]',
  about: [
    'Loads NAP boxes, buildings and subdivisions from a CSV or GeoJSON file (docs/operations.md,',
    'Importing coverage). A file with a bad row imports nothing and lists every bad line. Leads the',
    'new network reaches are told by email.',
  ].join('\n'),
  flags: IMPORT_FLAGS,
  file: true,
})
const text = args.text

const config = loadConfigOrExit()
const logger = createLogger(config, 'import-coverage')
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
const deps = {
  db: database.db,
  logger,
  productName: config.PRODUCT_NAME,
  settings: serviceSettingsFromConfig(config),
  sender: config.SMTP_URL ? createSmtpSender({ url: config.SMTP_URL, from: config.mailFrom }) : undefined,
  now: () => new Date(),
}
try {
  const report = await importCoverage(deps, parseCoverageFile(args.file, text), {
    mode: args.mode,
    source: path.basename(args.file),
    dryRun: args.dryRun,
  })
  const would = args.dryRun ? 'dry run, nothing written: would import' : 'imported'
  console.log(
    `${would} ${args.file} (${report.mode}): ${report.naps} NAPs, ${report.buildings} buildings, ` +
      `${report.subdivisions} subdivisions; coverage version ${report.version}`,
  )
  if (report.demoRowsLeft > 0) console.log(`note: ${report.demoRowsLeft} rows of demo coverage remain (use --replace)`)
  console.log(`leads ${args.dryRun ? 'who would be ' : ''}told that fibre now reaches them: ${report.leadsNotified}`)
  if (report.leadsNotified > 0 && !args.dryRun) {
    if (deps.sender) {
      const sent = await deliverPending(deps)
      console.log(`emails sent: ${sent.sent}, failed (retried later): ${sent.failed}`)
    } else console.log('emails wait in the outbox (no SMTP_URL; the dev mailbox shows them)')
  }
  process.exitCode = 0
} catch (error) {
  if (!(error instanceof CoverageImportError)) throw error
  process.stderr.write(`${args.file}: ${error.message}\n`)
  for (const problem of error.problems) process.stderr.write(`  ${problem.at}: ${problem.reason}\n`)
  process.exitCode = 1
} finally {
  await database.close()
}
