import type { Logger } from 'pino'
import type { Database } from './db/client.ts'

/** What every service's routes are built with. */
export type ServiceDeps = {
  db: Database
  logger: Logger
  productName: string
  now: () => Date
}
