/**
 * Work folders a process names after itself, so that what a killed process left behind can
 * be found and removed by the next one (issue 32, item 7: SIGKILL mid-upload). Two use them:
 * the portal's folder for an upload being read (app/features/documents/upload.server.ts, in
 * TMPDIR) and the local storage driver's folder for files being written
 * (services/storage/local.ts, DATA_DIR/uploads/.parts), which several upstream copies may share.
 *
 * A folder's name holds its owner, `<host>~<pid>`. It is abandoned when its owner is gone:
 * a process of this host that no longer runs, or an earlier process that had this pid (a
 * container's pid 1 after a restart) and made it before this one started. Anything untouched
 * for STALE_MS is abandoned whoever made it (another host's copy that died, a name from before
 * this scheme): no upload takes that long to arrive (the body time limits: docs/operations.md).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const STALE_MS = 60 * 60 * 1000

/** The portal's folders for uploads being read, in TMPDIR: `portal-upload-<owner>-XXXXXX`. */
export const UPLOAD_FOLDER_PREFIX = 'portal-upload-'

const HOST = os.hostname().replace(/[^A-Za-z0-9_.-]/g, '_')

/** This process, as its work folders name it. */
export const OWNER = `${HOST}~${process.pid}`

const STARTED_AT = Date.now() - process.uptime() * 1000

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The newest change in the folder (itself and what it holds directly), ms. */
function lastTouched(folder: string): number {
  let newest = fs.statSync(folder).mtimeMs
  for (const entry of fs.readdirSync(folder)) {
    try {
      newest = Math.max(newest, fs.statSync(path.join(folder, entry)).mtimeMs)
    } catch {
      // removed meanwhile
    }
  }
  return newest
}

function abandoned(name: string, folder: string, now: number): boolean {
  const owner = /^(.+)~(\d+)(?:-|$)/.exec(name)
  const touched = lastTouched(folder)
  if (now - touched > STALE_MS) return true
  if (!owner || owner[1] !== HOST) return false
  const pid = Number(owner[2])
  return pid === process.pid ? touched < STARTED_AT : !running(pid)
}

/**
 * Removes the folders in `parent` named `<prefix><owner>…` that are abandoned (above); answers
 * their names. Safe at any time: a live process's folders stay, this one's too.
 */
export function removeAbandoned(parent: string, prefix: string, now = Date.now()): string[] {
  let names: string[]
  try {
    names = fs.readdirSync(parent)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    if (!name.startsWith(prefix)) continue
    const folder = path.join(parent, name)
    try {
      if (!fs.statSync(folder).isDirectory() || !abandoned(name.slice(prefix.length), folder, now)) continue
      fs.rmSync(folder, { recursive: true, force: true })
      removed.push(name)
    } catch {
      // removed meanwhile, or not ours to remove
    }
  }
  return removed
}
