/**
 * npm run bench:coverage: only the coverage look-up of npm run bench (scripts/bench/coverage.ts),
 * without building and starting the portal. BENCH_NAPS changes the network's size.
 */
import { coverageChecks, measureCoverageLookup } from './bench/coverage.ts'
import { printChecks } from './bench/report.ts'

const result = await measureCoverageLookup()
const checks = coverageChecks(result)
const passed = printChecks(checks)
console.log(JSON.stringify(result))
process.exitCode = passed ? 0 : 1
