/**
 * The backup and restore rehearsal (docs/operations.md, Backup and restore): while the
 * copies serve, deploy/backup.sh dumps the database and packs the uploads; then the
 * upstreams die, the database is dropped and the uploads folder deleted (the disaster),
 * deploy/restore.sh brings both back into a new empty database, and the upstreams start
 * again on it. The journeys then find what was there before.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { DATABASE_NAME, databaseUrl, recreateDatabase, type Cluster } from './cluster'

const ROOT = path.resolve(import.meta.dirname, '../..')

export async function rehearseBackup(cluster: Cluster): Promise<void> {
  const dataDir = path.join(cluster.workDir, 'upstream-data')
  const folder = path.join(cluster.workDir, 'backup')
  const env = {
    NODE_ENV: 'production' as const,
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl(),
    STORAGE_DRIVER: 'local',
    DATA_DIR: dataDir,
  }
  const run = (script: string) =>
    execFileSync('bash', [script, folder], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })

  run('deploy/backup.sh')

  for (const name of cluster.running()) if (name.startsWith('upstream')) cluster.kill(name)
  await recreateDatabase(DATABASE_NAME)
  fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true })

  run('deploy/restore.sh')
  await cluster.start('upstream-1')
  await cluster.start('upstream-2')
}
