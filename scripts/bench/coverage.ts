/**
 * The coverage look-up in process (issue 8): 1,000,000 NAP boxes clustered around the
 * Philippines' GeoNames places (weighted by population, as a real network is), 10,000
 * query pins across the country (most near towns, where NAPs are dense, the rest anywhere
 * in the bounding box). Two measurements:
 *   1. the spatial index alone (services/coverage/spatial-index.ts): NAPs within the drop
 *      distance and the nearest NAP, as every check asks;
 *   2. the whole rule as the service runs it (engine.ts): the index plus the one query that
 *      reads the coverage version and the candidates' free ports, against an in-memory
 *      PGlite holding the same million NAPs.
 * Target: p99 at most 2 ms per look-up (the index's; coverageChecks). Prints the index's
 * memory and build time.
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { PHILIPPINES_BOUNDS } from '../../lib/coverage-schemas.ts'
import { openDatabase } from '../../services/db/client.ts'
import { createCoverageEngine, NEAREST_NAP_SEARCH_METERS } from '../../services/coverage/engine.ts'
import { NapIndex } from '../../services/coverage/spatial-index.ts'
import { philippinePlaces } from '../../services/coverage/town-centres.ts'

export const COVERAGE_TARGET_P99_MS = 2
const NAP_COUNT = Number(process.env.BENCH_NAPS ?? 1_000_000)
const QUERY_COUNT = 10_000
const MAX_DROP_METERS = 250

export type CoverageBench = {
  naps: number
  queries: number
  indexBuildMs: number
  indexMemoryMB: number
  indexOnly: Latency
  engine: Latency & { dbLoadSeconds: number; dbIndexBuildMs: number }
  serviceable: number
}
type Latency = {
  p50: number
  p99: number
  max: number
  meanMs: number
  /** Mean CPU time of this process per look-up. */
  cpuMsPerLookup?: number
  /** p99 of each look-up's own CPU time: what it costs when no other process takes the core. */
  cpuP99?: number
}

const cpuOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000

/** CPU time of this process per look-up: less moved by other processes than wall time. */
function cpuMs(usage: NodeJS.CpuUsage) {
  return Math.round(((usage.user + usage.system) / 1000 / QUERY_COUNT) * 1000) / 1000
}

/** A small fast deterministic generator, so every run benches the same network. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function gaussian(next: () => number) {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())
}

function makeNetwork(count: number) {
  const places = philippinePlaces()
  const weights = places.map((p) => Math.max(p.population, 1000))
  const total = weights.reduce((sum, w) => sum + w, 0)
  const cumulative = new Float64Array(places.length)
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0)
  const next = random(20261123)
  const pickPlace = () => {
    const r = next()
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < r) lo = mid + 1
      else hi = mid
    }
    return places[lo]!
  }
  const ids = new Int32Array(count)
  const latitudes = new Float64Array(count)
  const longitudes = new Float64Array(count)
  const used = new Int32Array(count)
  for (let i = 0; i < count; i++) {
    const place = pickPlace()
    // About 2 km of spread around a town centre (1 degree ≈ 111 km).
    ids[i] = i + 1
    latitudes[i] = place.loc.coordinates[1] + gaussian(next) * 0.018
    longitudes[i] = place.loc.coordinates[0] + gaussian(next) * 0.018
    used[i] = next() < 0.2 ? 16 : Math.floor(next() * 16) // a fifth are full
  }
  const queries: { latitude: number; longitude: number }[] = []
  const b = PHILIPPINES_BOUNDS
  for (let i = 0; i < QUERY_COUNT; i++) {
    if (next() < 0.7) {
      const place = pickPlace()
      queries.push({
        latitude: place.loc.coordinates[1] + gaussian(next) * 0.03,
        longitude: place.loc.coordinates[0] + gaussian(next) * 0.03,
      })
    } else {
      queries.push({
        latitude: b.south + next() * (b.north - b.south),
        longitude: b.west + next() * (b.east - b.west),
      })
    }
  }
  return { ids, latitudes, longitudes, used, queries }
}

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return {
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1]!),
    meanMs: round(sorted.reduce((s, v) => s + v, 0) / sorted.length),
  }
}
/** With node --expose-gc (npm run bench passes it), a full collection between phases. */
function collectGarbage() {
  ;(globalThis as { gc?: () => void }).gc?.()
}

const round = (ms: number) => Math.round(ms * 1000) / 1000

export async function measureCoverageLookup(log: (line: string) => void = console.log): Promise<CoverageBench> {
  log(`\n> coverage look-up (1-minute load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`)
  log(`  network: ${NAP_COUNT.toLocaleString('en')} NAPs, ${QUERY_COUNT.toLocaleString('en')} pins`)
  const network = makeNetwork(NAP_COUNT)

  // 1. The index alone.
  const heapBefore = process.memoryUsage().heapUsed
  let started = performance.now()
  const index = NapIndex.build(network, 1)
  const indexBuildMs = Math.round(performance.now() - started)
  const indexMemoryMB = Math.round((index.memoryBytes / 1e6) * 10) / 10
  log(
    `  index built in ${indexBuildMs} ms; it keeps ${indexMemoryMB} MB (typed arrays), heap grew ${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6)} MB`,
  )
  const free = (id: number) => network.used[id - 1]! < 16
  // Warm-up (the JIT) on the same pins, then a collection, so the build's garbage is not timed.
  for (const q of network.queries) index.within(q.latitude, q.longitude, MAX_DROP_METERS)
  collectGarbage()
  const indexSamples: number[] = []
  let serviceable = 0
  let cpu = process.cpuUsage()
  const indexCpu: number[] = []
  for (const q of network.queries) {
    const cpuBefore = process.cpuUsage()
    started = performance.now()
    const hits = index.within(q.latitude, q.longitude, MAX_DROP_METERS)
    const ok = hits.some((hit) => free(hit.id))
    if (hits.length === 0) index.nearest(q.latitude, q.longitude, NEAREST_NAP_SEARCH_METERS)
    indexSamples.push(performance.now() - started)
    indexCpu.push(cpuOf(process.cpuUsage(cpuBefore)))
    if (ok) serviceable++
  }
  const indexOnly = {
    ...latency(indexSamples),
    cpuMsPerLookup: cpuMs(process.cpuUsage(cpu)),
    cpuP99: latency(indexCpu).p99,
  }
  const candidateCounts = network.queries.map((q) => index.within(q.latitude, q.longitude, MAX_DROP_METERS).length)
  log(
    `  NAPs within ${MAX_DROP_METERS} m of a pin: mean ${round(candidateCounts.reduce((s, n) => s + n, 0) / QUERY_COUNT)}, max ${Math.max(...candidateCounts)}`,
  )
  log(
    `  index only: p50 ${indexOnly.p50} ms, p99 ${indexOnly.p99} ms, max ${indexOnly.max} ms; CPU per look-up mean ${indexOnly.cpuMsPerLookup} ms, p99 ${indexOnly.cpuP99} ms; ${serviceable} pins serviceable`,
  )

  // 2. The engine as the service runs it, against PGlite holding the same network.
  const database = await openDatabase({ dataDir: 'memory://' })
  const client = (database.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } })
    .$client
  started = performance.now()
  const CHUNK = 100_000
  for (let i = 0; i < NAP_COUNT; i += CHUNK) {
    const end = Math.min(NAP_COUNT, i + CHUNK)
    await client.query(
      `insert into coverage.naps (code, latitude, longitude, port_capacity, ports_used)
       select 'BENCH-' || (${i} + n), lat, lng, 16, used
       from unnest($1::float8[], $2::float8[], $3::int[]) with ordinality as t(lat, lng, used, n)`,
      [
        Array.from(network.latitudes.subarray(i, end)),
        Array.from(network.longitudes.subarray(i, end)),
        Array.from(network.used.subarray(i, end)),
      ],
    )
  }
  await client.query(
    `insert into coverage.version (id, version, source, note, updated_at) values (1, 1, 'import', 'bench', now())`,
    [],
  )
  const dbLoadSeconds = Math.round((performance.now() - started) / 100) / 10
  log(`  PGlite loaded in ${dbLoadSeconds} s`)
  started = performance.now()
  const engine = createCoverageEngine(database.db, { maxDropMeters: MAX_DROP_METERS })
  await engine.currentIndex()
  const dbIndexBuildMs = Math.round(performance.now() - started)
  log(`  index built from the database in ${dbIndexBuildMs} ms`)
  for (const q of network.queries.slice(0, 2000)) await engine.assess(q) // warm-up
  collectGarbage()
  const engineSamples: number[] = []
  let engineServiceable = 0
  cpu = process.cpuUsage()
  const engineCpu: number[] = []
  for (const q of network.queries) {
    const cpuBefore = process.cpuUsage()
    started = performance.now()
    const answer = await engine.assess(q)
    engineSamples.push(performance.now() - started)
    engineCpu.push(cpuOf(process.cpuUsage(cpuBefore)))
    if (answer.serviceable) engineServiceable++
  }
  const engineLatency = {
    ...latency(engineSamples),
    cpuMsPerLookup: cpuMs(process.cpuUsage(cpu)),
    cpuP99: latency(engineCpu).p99,
  }
  await database.close()
  log(
    `  engine (index + PGlite query): p50 ${engineLatency.p50} ms, p99 ${engineLatency.p99} ms, max ${engineLatency.max} ms; CPU per look-up mean ${engineLatency.cpuMsPerLookup} ms, p99 ${engineLatency.cpuP99} ms; ${engineServiceable} pins serviceable`,
  )
  if (engineServiceable !== serviceable) {
    throw new Error(`the engine and the index disagree: ${engineServiceable} vs ${serviceable} serviceable pins`)
  }
  return {
    naps: NAP_COUNT,
    queries: QUERY_COUNT,
    indexBuildMs,
    indexMemoryMB,
    indexOnly,
    engine: { ...engineLatency, dbLoadSeconds, dbIndexBuildMs },
    serviceable,
  }
}

/**
 * The target is the look-up with a million NAPs loaded: the spatial index's. The
 * whole check adds one database round trip, whose time is PGlite's (or the server's), and
 * is reported beside it, not held to the same number.
 */
export function coverageChecks(result: CoverageBench) {
  return [
    {
      name: `coverage look-up p99 at most ${COVERAGE_TARGET_P99_MS} ms with ${result.naps.toLocaleString('en')} NAPs loaded`,
      pass: result.indexOnly.p99 <= COVERAGE_TARGET_P99_MS,
      detail:
        `index p99 ${result.indexOnly.p99} ms (its CPU time p99 ${result.indexOnly.cpuP99} ms), ` +
        `${result.indexMemoryMB} MB, built in ${result.indexBuildMs} ms; the whole check with its PGlite query: ` +
        `p50 ${result.engine.p50} ms, p99 ${result.engine.p99} ms (CPU time p99 ${result.engine.cpuP99} ms)`,
    },
  ]
}
