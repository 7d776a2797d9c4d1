#!/usr/bin/env bash
# The one script that installs, builds and starts the portal's processes (issue 17, item 4;
# docs/decisions/0049). The Dockerfile's RUN lines and ENTRYPOINT, scripts/test.sh's build phase
# and the scale-out test all call it, so what CI proves is what the image does.
#
#   deploy/process.sh install          npm install as .ci/run does (not `npm ci`: it refuses this
#                                      lockfile, docs/conventions.md, Stack)
#   deploy/process.sh build            npm run build: build/ (Remix) and build/process/ (docs/decisions/0002)
#   deploy/process.sh prune            drops the dev dependencies (the image's last stage)
#   deploy/process.sh start portal     the portal, build/process/server.js
#   deploy/process.sh start upstream   the reference upstream alone, build/process/services.js
#
# `start` replaces this shell with node (exec), so a SIGTERM from a container runtime or a test
# reaches the server itself, which stops gracefully (docs/operations.md). Configuration comes from
# the environment (docs/configuration.md).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo 'usage: deploy/process.sh install | build | prune | start portal | start upstream' >&2
  exit 2
}

start() {
  local entry=$1
  if [[ ! -f $entry ]]; then
    echo "deploy/process.sh: $entry is missing: run deploy/process.sh build first" >&2
    exit 1
  fi
  NODE_ENV=production exec node "$entry"
}

case "$*" in
  install) npm install --no-audit --no-fund ;;
  build) npm run build ;;
  prune) npm prune --omit=dev --no-audit --no-fund ;;
  'start portal') start build/process/server.js ;;
  'start upstream') start build/process/services.js ;;
  *) usage ;;
esac
