// Every service's tables, for drizzle-kit and the typed client. Each service owns its
// own Postgres schema; no service reads another's tables.
export * from '../address/tables.ts'
export * from '../cms/tables.ts'
export * from '../accounts/tables.ts'
export * from '../identity/tables.ts'
export * from '../notifications/tables.ts'
export * from '../identity/oidc/tables.ts'
export * from '../sessions/tables.ts'
export * from '../coverage/tables.ts'
export * from '../drafts/tables.ts'
export * from '../catalog/tables.ts'
export * from '../orders/tables.ts'
export * from '../files/tables.ts'
