/**
 * The portal copies playwright.config.ts starts. Only these ports are ours on shared
 * machines; E2E_BASE_PORT moves them all at once (3210 by default, seven ports from there),
 * for a second run on the same machine.
 */
const BASE_PORT = Number(process.env.E2E_BASE_PORT || 3210)

export const PORTAL_PORT = BASE_PORT
export const PORTAL_URL = `http://localhost:${PORTAL_PORT}`

// The same build with MAINTENANCE_MODE=true (spec 2, 9).
export const MAINTENANCE_PORT = BASE_PORT + 1
export const MAINTENANCE_URL = `http://localhost:${MAINTENANCE_PORT}`

/**
 * Portals whose services' clock a test moves (support/portal-with-clock.ts), one per
 * project: a move reaches only the journeys of its own project, which run one after
 * another, never a journey running at the same time on the other worker. The control
 * port listens on 127.0.0.1 only.
 */
export const CLOCK_SERVERS = {
  js: { port: BASE_PORT + 2, controlPort: BASE_PORT + 3, dataDir: '.data-e2e-clock-js' },
  'no-js': { port: BASE_PORT + 4, controlPort: BASE_PORT + 5, dataDir: '.data-e2e-clock-no-js' },
} as const

// A portal whose catalogue is down (support/portal-with-faults.ts; spec 8's plans message).
export const FAULTS_PORT = BASE_PORT + 6
export const FAULTS_URL = `http://localhost:${FAULTS_PORT}`
