/**
 * `npm run import:coverage -- FILE [--replace|--merge]` (docs/operations.md, Importing
 * coverage). Reads NAP boxes, buildings and subdivisions from a CSV or GeoJSON file
 * (importer.ts), reports every bad row with its line or feature number and imports
 * nothing then; else replaces the network (--replace) or merges into it (--merge, the
 * default), and tells the leads the new network reaches. Exit code 0 on success, 1 on
 * a bad file, 2 on bad arguments.
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
import { readImportFileOrExit } from '../import-arguments.ts'
import { deliverPending } from '../notifications/outbox.ts'
import { createSmtpSender } from '../notifications/sender.ts'
import { CoverageImportError, importCoverage, parseCoverageFile } from './importer.ts'

const USAGE = 'usage: npm run import:coverage -- FILE [--replace|--merge]'

const args = readImportFileOrExit(USAGE)
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
  })
  console.log(
    `imported ${args.file} (${report.mode}): ${report.naps} NAPs, ${report.buildings} buildings, ` +
      `${report.subdivisions} subdivisions; coverage version ${report.version}`,
  )
  if (report.demoRowsLeft > 0) console.log(`note: ${report.demoRowsLeft} rows of demo coverage remain (use --replace)`)
  console.log(`leads told that fibre now reaches them: ${report.leadsNotified}`)
  if (report.leadsNotified > 0) {
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
