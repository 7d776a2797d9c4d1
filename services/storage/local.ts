/**
 * The local-folder driver (the embedded default): one file per object under `root`
 * (DATA_DIR/uploads). A put writes `.parts/<owner>/<uuid>.part` and renames it to its key when
 * the stream has ended, so a reader never sees half a file and a failed stream leaves nothing.
 * A process killed mid-put leaves its part in a folder named after it (lib/work-folders.ts),
 * which the next driver made on this folder removes (issue 32, item 7: SIGKILL mid-upload;
 * several upstream copies may share the folder, and each live copy's parts stay).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { OWNER, removeAbandoned } from '../../lib/work-folders.ts'
import { checkKey, type ObjectStorage } from './storage.ts'

/** Where puts write until their stream ends, under the driver's root. */
export const PARTS_FOLDER = '.parts'

export function localStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'))
  const parts = path.join(root, PARTS_FOLDER)
  removeAbandoned(parts, '')
  const mine = path.join(parts, OWNER)

  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key)
      await fsp.mkdir(path.dirname(file), { recursive: true })
      await fsp.mkdir(mine, { recursive: true })
      const part = path.join(mine, `${crypto.randomUUID()}.part`)
      try {
        await pipeline(body, fs.createWriteStream(part, { flags: 'wx', mode: 0o600 }))
        await fsp.rename(part, file)
      } catch (error) {
        await fsp.rm(part, { force: true })
        throw error
      }
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const handle = await fsp.open(file, 'r')
        return handle.createReadStream()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true })
    },
    async exists(key) {
      return fsp.access(fileOf(key)).then(
        () => true,
        () => false,
      )
    },
  }
}
