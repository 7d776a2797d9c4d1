import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // Every service's tables, each service in its own Postgres schema: tables.ts, and the
  // *-tables.ts beside it where a service keeps a second set (docs/architecture.md, 7).
  schema: './services/**/*tables.ts',
  out: './services/db/migrations',
})
