/**
 * `npm run seed` (build/process/seed.js in the image): applies migrations and seeds what is
 * missing. Running it again changes nothing.
 */
import { loadConfigOrExit } from '../../lib/start.ts'
import { commandLineOrExit } from '../operator-command.ts'
import { openDatabase } from '../db/client.ts'
import { seedAll } from './seed.ts'

commandLineOrExit({
  name: 'seed',
  synopsis: '',
  about: [
    'Applies the database migrations and adds what is missing: the Philippine address list, help',
    'content, concern types, the demo plan line-up and town centres, and with demo data (DEMO_DATA)',
    'the demo users, accounts, coverage and stores. Running it again changes nothing. With the',
    'embedded database (no DATABASE_URL) stop the portal first.',
  ].join('\n'),
  flags: {},
  file: false,
})
const config = loadConfigOrExit()
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
const report = await seedAll(database.db, { productName: config.PRODUCT_NAME, demo: config.demoData })
console.log(
  Object.entries(report)
    .map(([what, count]) => `${what}: ${count} added`)
    .join('\n') || 'nothing to seed',
)
await database.close()
