#!/usr/bin/env bash
# The one script that installs, builds and starts the portal's processes (issue 17, item 4;
# docs/decisions/0049). The Dockerfile's RUN lines and ENTRYPOINT, scripts/test.sh's build phase
# and the scale-out test all call it, so what CI proves is what the image does.
#
#   deploy/process.sh install          npm ci: exactly package-lock.json, as .ci/run does; it
#                                      fails when the lockfile is out of step with package.json
#   deploy/process.sh build            npm run build: build/ (React Router) and build/process/ (docs/decisions/0002)
#   deploy/process.sh prune            drops the dev dependencies (the image's last stage), and
#                                      TypeScript, which npm keeps as an optional peer
#   deploy/process.sh start portal     the portal, build/process/server.js
#   deploy/process.sh start upstream   the reference upstream alone, build/process/services.js
#   deploy/process.sh COMMAND [ARGS]   an operator command, build/process/COMMAND.js: seed,
#                                      import:coverage, import:stores, jobs or keys:rotate
#                                      (`--help` says what each takes; docs/operations.md)
#
# `start` and the operator commands replace this shell with node (exec), so a SIGTERM from a
# container runtime or a test reaches the process itself, and the command's exit code is the
# script's. Configuration comes from the environment (docs/configuration.md).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo 'usage: deploy/process.sh install | build | prune | start portal | start upstream' >&2
  echo '       deploy/process.sh seed | import:coverage FILE | import:stores FILE | jobs | keys:rotate' >&2
  exit 2
}

built() {
  if [[ ! -f $1 ]]; then
    echo "deploy/process.sh: $1 is missing: run deploy/process.sh build first" >&2
    exit 1
  fi
}

start() {
  local entry=$1
  built "$entry"
  NODE_ENV=production exec node "$entry"
}

# An operator command: its name with the colon as a dash is its bundle. NODE_ENV is the
# environment's (production in the image), as configuration reads it.
operator() {
  local entry="build/process/${1//:/-}.js"
  shift
  built "$entry"
  exec node "$entry" "$@"
}

case "${1:-}" in
  seed | import:coverage | import:stores | jobs | keys:rotate) operator "$@" ;;
esac
case "$*" in
  install) npm ci --no-audit --no-fund ;;
  build) npm run build ;;
  prune)
    npm prune --omit=dev --no-audit --no-fund
    # npm keeps an optional peer of a production package when it is also a dev dependency:
    # TypeScript (23 MB), for @react-router/node's type generation, which production never runs.
    rm -rf node_modules/typescript
    ;;
  'start portal') start build/process/server.js ;;
  'start upstream') start build/process/services.js ;;
  *) usage ;;
esac
