import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './services/db/schema.ts',
  out: './services/db/migrations',
})
