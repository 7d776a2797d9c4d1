#!/usr/bin/env bash
# Restores a folder made by deploy/backup.sh into an empty database (DATABASE_URL) and, with
# STORAGE_DRIVER local, into DATA_DIR/uploads (docs/operations.md, Backup and restore). Stop
# every upstream copy first; start them after: migrations newer than the backup apply at start.
#
#   deploy/restore.sh FOLDER
set -euo pipefail
if (($# != 1)); then
  echo 'usage: deploy/restore.sh FOLDER' >&2
  exit 2
fi
: "${DATABASE_URL:?DATABASE_URL names the (empty) database to restore into}"
from=$1
[[ -f $from/db.dump ]] || {
  echo "deploy/restore.sh: no db.dump in $from" >&2
  exit 1
}
pg_restore --exit-on-error --no-owner --no-privileges --dbname="$DATABASE_URL" "$from/db.dump"
if [[ ${STORAGE_DRIVER:-local} == local && -f $from/uploads.tar.gz ]]; then
  uploads="${DATA_DIR:-data}/uploads"
  mkdir -p "$uploads"
  tar -C "$uploads" -xzf "$from/uploads.tar.gz"
fi
echo "deploy/restore.sh: restored from $from"
