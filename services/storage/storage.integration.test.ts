/**
 * One suite, both drivers (docs/decisions/0031): the local folder, and S3 against a real
 * S3-compatible server (s3rver, started here on a free port over a temporary folder).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { OWNER } from '../../lib/work-folders.ts'
import { localStorage, PARTS_FOLDER } from './local.ts'
import { s3Storage } from './s3.ts'
import type { ObjectStorage } from './storage.ts'

const key = () => `documents/${crypto.randomUUID()}`

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'))
let s3rver: S3rver
let s3: ObjectStorage

beforeAll(async () => {
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'documents', configs: [] }],
  })
  const address = (await s3rver.run()) as AddressInfo
  s3 = await s3Storage({
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket: 'documents',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  })
})

afterAll(async () => {
  await s3rver?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

const drivers: [string, () => ObjectStorage][] = [
  ['local', () => localStorage(path.join(tmp, 'local'))],
  ['s3', () => s3],
]

describe.each(drivers)('storage driver: %s', (_name, driverOf) => {
  it('stores a stream and gives the same bytes back', async () => {
    const storage = driverOf()
    const k = key()
    const bytes = crypto.randomBytes(300_000)
    await storage.put(k, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
      contentType: 'application/pdf',
      size: bytes.length,
    })
    expect(await storage.exists(k)).toBe(true)
    const back = await storage.get(k)
    const chunks: Buffer[] = []
    for await (const chunk of back!) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true)
  })

  it('answers null and false for an object that is not there, and deleting it is no error', async () => {
    const storage = driverOf()
    const k = key()
    expect(await storage.get(k)).toBeNull()
    expect(await storage.exists(k)).toBe(false)
    await storage.delete(k)
  })

  it('deletes', async () => {
    const storage = driverOf()
    const k = key()
    await storage.put(k, Readable.from([Buffer.from('hello')]), { contentType: 'image/jpeg', size: 5 })
    expect(await text((await storage.get(k))!)).toBe('hello')
    await storage.delete(k)
    expect(await storage.exists(k)).toBe(false)
  })

  it('keeps nothing of a stream that fails part-way', async () => {
    const storage = driverOf()
    const k = key()
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1))
        this.destroy(new Error('refused mid-stream'))
      },
    })
    await expect(storage.put(k, failing, { contentType: 'image/jpeg', size: 200_000 })).rejects.toThrow()
    expect(await storage.exists(k)).toBe(false)
  })

  it('refuses a key the files service did not make', async () => {
    const storage = driverOf()
    await expect(storage.get('../secrets.json')).rejects.toThrow(/storage key/)
    await expect(
      storage.put('documents/../../x', Readable.from([Buffer.from('x')]), { contentType: 'image/jpeg', size: 1 }),
    ).rejects.toThrow(/storage key/)
  })
})

describe('storage driver: local, after a process was killed mid-put (issue 32, item 7)', () => {
  it('the next driver on the folder removes the dead process’s part, and keeps a live one’s', async () => {
    const root = path.join(tmp, 'killed')
    const host = OWNER.slice(0, OWNER.lastIndexOf('~'))
    const ended = Number(
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
    )
    const dead = path.join(root, PARTS_FOLDER, `${host}~${ended}`)
    const live = path.join(root, PARTS_FOLDER, `${host}~${process.ppid}`)
    for (const folder of [dead, live]) {
      fs.mkdirSync(folder, { recursive: true })
      fs.writeFileSync(path.join(folder, `${crypto.randomUUID()}.part`), 'half a file')
    }
    const storage = localStorage(root)
    expect(fs.existsSync(dead)).toBe(false)
    expect(fs.readdirSync(live)).toHaveLength(1)
    // And a put of this process leaves no part behind once stored.
    const k = key()
    await storage.put(k, Readable.from([Buffer.from('whole')]), { contentType: 'image/jpeg', size: 5 })
    expect(fs.readdirSync(path.join(root, PARTS_FOLDER, OWNER))).toEqual([])
    expect(await text((await storage.get(k))!)).toBe('whole')
  })
})
