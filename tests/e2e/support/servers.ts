/** The two portal copies playwright.config.ts starts (only these ports are ours on shared machines). */
export const PORTAL_PORT = 3210
export const PORTAL_URL = `http://localhost:${PORTAL_PORT}`

// The same build with MAINTENANCE_MODE=true (spec 2, 9).
export const MAINTENANCE_PORT = 3211
export const MAINTENANCE_URL = `http://localhost:${MAINTENANCE_PORT}`
