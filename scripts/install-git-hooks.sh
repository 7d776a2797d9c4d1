#!/usr/bin/env bash
# npm's prepare script, so `npm ci` and `npm install` run it: points git at .githooks/, whose
# commit-msg checks each commit message (docs/conventions.md, Commits). Where this folder is not
# the top of a git work tree (the image's build stage has no .git and may have no git; a copy
# unpacked inside another repository), it does nothing and succeeds, and so does a failure to
# write the setting: an install never fails for a hook.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 0

command -v git >/dev/null || exit 0
top=$(git rev-parse --show-toplevel 2>/dev/null) || exit 0
[[ $top -ef $PWD ]] || exit 0
[[ $(git config --get core.hooksPath) == .githooks ]] && exit 0
if git config core.hooksPath .githooks; then
  echo 'install-git-hooks: git runs .githooks/ now: commit-msg checks each message (docs/conventions.md, Commits)'
else
  echo 'install-git-hooks: could not set core.hooksPath; commit messages go unchecked' >&2
fi
exit 0
