/**
 * npm run bench:coverage: only the coverage look-up of npm run bench (scripts/bench/coverage.ts),
 * without building and starting the portal. BENCH_NAPS changes the network's size.
 */
import { coverageChecks, measureCoverageLookup } from './bench/coverage.ts'

const result = await measureCoverageLookup()
const checks = coverageChecks(result)
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`)
console.log(JSON.stringify(result))
process.exitCode = checks.every((check) => check.pass) ? 0 : 1
