import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { OWNER, removeAbandoned, STALE_MS } from './work-folders.ts'

const host = OWNER.slice(0, OWNER.lastIndexOf('~'))
const folders: string[] = []
function parent() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'work-folders-test-'))
  folders.push(folder)
  return folder
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** A pid that ran and has ended. */
function endedPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(child.stdout)
}

function make(parentFolder: string, name: string, ageMs = 0) {
  const folder = path.join(parentFolder, name)
  fs.mkdirSync(folder)
  fs.writeFileSync(path.join(folder, '1.part'), 'half a file')
  if (ageMs > 0) {
    const then = new Date(Date.now() - ageMs)
    fs.utimesSync(path.join(folder, '1.part'), then, then)
    fs.utimesSync(folder, then, then)
  }
  return name
}

describe('removeAbandoned (issue 32, item 7: what a killed process left)', () => {
  it("removes a folder of this host's process that has ended, keeps a running one's and this one's", () => {
    const at = parent()
    const dead = make(at, `portal-upload-${host}~${endedPid()}-abc123`)
    const live = make(at, `portal-upload-${host}~${process.ppid}-def456`)
    const mine = make(at, `portal-upload-${OWNER}-ghi789`)
    const other = make(at, `something-else-${host}~${endedPid()}`)
    expect(removeAbandoned(at, 'portal-upload-')).toEqual([dead])
    expect(fs.readdirSync(at).sort()).toEqual([live, mine, other].sort())
  })

  it('removes a folder with this pid made before this process started (a container restarted as pid 1)', () => {
    const at = parent()
    const before = make(at, `portal-upload-${OWNER}-abc123`, process.uptime() * 1000 + 60_000)
    expect(removeAbandoned(at, 'portal-upload-')).toEqual([before])
  })

  it("keeps another host's folder until it is stale, then removes anyone's", () => {
    const at = parent()
    const recent = make(at, `elsewhere~1-abc123`)
    const old = make(at, `elsewhere~2-def456`, STALE_MS + 60_000)
    const nameless = make(at, `abcdef`, STALE_MS + 60_000)
    expect(removeAbandoned(at, '').sort()).toEqual([old, nameless].sort())
    expect(fs.readdirSync(at)).toEqual([recent])
  })

  it('answers nothing for a folder that does not exist', () => {
    expect(removeAbandoned(path.join(os.tmpdir(), 'work-folders-test-none'), '')).toEqual([])
  })
})
