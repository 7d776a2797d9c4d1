/**
 * The local-folder driver (the embedded default): one file per object under `root`
 * (DATA_DIR/uploads). A put writes `<key>.part` and renames it when the stream has ended,
 * so a reader never sees half a file and a failed stream leaves nothing.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { checkKey, type ObjectStorage } from './storage.ts'

export function localStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'))

  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key)
      await fsp.mkdir(path.dirname(file), { recursive: true })
      const part = `${file}.${crypto.randomUUID()}.part`
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
