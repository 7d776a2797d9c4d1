/**
 * The image's HEALTHCHECK (Dockerfile; docs/operations.md, Containers): GET /healthz on the
 * process this container runs. The slim base image has no curl, so Node asks. One image runs
 * the portal or the upstream by its command, and they listen on different ports (PORT,
 * UPSTREAM_PORT): the process is read from PID 1's command line, which is node itself once
 * deploy/process.sh has exec'd it (or the init's command line naming `start upstream`).
 * Exits 0 when /healthz answers 2xx within 4 s, 1 otherwise.
 */
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The /healthz address for a container whose PID 1 runs `commandLine`.
 * @param {string[]} commandLine
 * @param {Record<string, string | undefined>} env
 */
export function healthUrl(commandLine, env) {
  const upstream =
    commandLine.some((argument) => argument.endsWith('build/process/services.js')) ||
    commandLine.join(' ').includes('start upstream')
  const port = upstream ? env.UPSTREAM_PORT || '3001' : env.PORT || '3000'
  return `http://127.0.0.1:${port}/healthz`
}

function pidOneCommandLine() {
  try {
    return fs.readFileSync('/proc/1/cmdline', 'utf8').split('\0').filter(Boolean)
  } catch {
    return []
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = healthUrl(pidOneCommandLine(), process.env)
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(4000) })
    process.exit(answer.ok ? 0 : 1)
  } catch (error) {
    console.error(`healthcheck: ${url}: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
