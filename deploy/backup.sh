#!/usr/bin/env bash
# Backs up what the portal keeps (docs/operations.md, Backup and restore) into a new folder:
#   db.dump        the Postgres database of DATABASE_URL, every service's schema (pg_dump, custom format)
#   uploads.tar.gz the uploaded documents when STORAGE_DRIVER is local (DATA_DIR/uploads)
# With STORAGE_DRIVER=s3 the bucket is backed up by the object store (versioning, replication
# or `mc mirror`); this says so. Runs while the portal serves: pg_dump reads one consistent
# snapshot. Uploads written during the run may be newer than the dump: harmless, as a
# document row without its file cannot be, and a file without a row is never shown.
#
#   deploy/backup.sh FOLDER
set -euo pipefail
if (($# != 1)); then
  echo 'usage: deploy/backup.sh FOLDER' >&2
  exit 2
fi
: "${DATABASE_URL:?DATABASE_URL names the database to back up}"
out=$1
mkdir -p "$out"
# The object store first, so every document row in the dump has its file.
if [[ ${STORAGE_DRIVER:-local} == local ]]; then
  uploads="${DATA_DIR:-data}/uploads"
  if [[ -d $uploads ]]; then
    tar -C "$uploads" -czf "$out/uploads.tar.gz" .
  else
    tar -czf "$out/uploads.tar.gz" --files-from /dev/null
  fi
else
  echo "deploy/backup.sh: STORAGE_DRIVER=$STORAGE_DRIVER: back up bucket ${S3_BUCKET:-?} with the object store's own tools" >&2
fi
pg_dump --format=custom --no-owner --no-privileges --file="$out/db.dump" "$DATABASE_URL"
echo "deploy/backup.sh: backed up to $out: $(ls "$out" | tr '\n' ' ')"
