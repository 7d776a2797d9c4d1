/** `npm run seed`: applies migrations and seeds what is missing. Running it again changes nothing. */
import { loadConfigOrExit } from '../../lib/start.ts'
import { openDatabase } from './client.ts'
import { seedAll } from './seed.ts'

const config = loadConfigOrExit()
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
const report = await seedAll(database.db, { productName: config.PRODUCT_NAME, demo: config.demoData })
console.log(
  Object.entries(report)
    .map(([what, count]) => `${what}: ${count} added`)
    .join('\n') || 'nothing to seed',
)
await database.close()
