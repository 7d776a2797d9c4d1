/** The bench's settings from the environment (see scripts/bench.ts), and small helpers its parts share. */

export const SECONDS = positiveNumber('BENCH_SECONDS', 5)
export const ROUNDS = Math.round(positiveNumber('BENCH_ROUNDS', 3))
export const CONNECTIONS = Math.round(positiveNumber('BENCH_CONNECTIONS', 16))
export const WARMUP_SECONDS = Math.min(2, SECONDS)

// What a first visit from a browser sends: no cookies, compression accepted.
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
  'accept-language': 'en-PH,en;q=0.9',
}

/** Raw: no compression, which would otherwise hide the portal's own cost (issue 35, item 3). */
export const RAW = { 'accept-encoding': 'identity' }

export function positiveNumber(name: string, fallback: number) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)})`)
  return value
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const kb = (bytes: number) => (bytes / 1000).toFixed(1)
