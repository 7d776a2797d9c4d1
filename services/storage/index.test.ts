/**
 * Issue 34: the S3 SDK (about 280 ms and its memory at start) is loaded only when the S3
 * driver is configured; the local driver never touches it.
 */
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'

const sdk = vi.hoisted(() => ({ loaded: false }))
vi.mock('@aws-sdk/client-s3', async (importOriginal) => {
  sdk.loaded = true
  return importOriginal()
})

const { storageFromConfig } = await import('./index.ts')

const base = {
  DATA_DIR: path.join(os.tmpdir(), 'storage-index-test'),
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: true,
}

describe('the storage driver from the configuration', () => {
  it('local: a driver, and the S3 SDK never loaded', async () => {
    const storage = await storageFromConfig({ ...base, STORAGE_DRIVER: 'local' })
    expect(typeof storage.put).toBe('function')
    expect(sdk.loaded).toBe(false)
  })

  it('s3: the SDK loaded then, for the S3 driver; without a bucket, a clear refusal', async () => {
    await expect(storageFromConfig({ ...base, STORAGE_DRIVER: 's3' })).rejects.toThrow(
      'STORAGE_DRIVER=s3 needs S3_BUCKET.',
    )
    expect(sdk.loaded).toBe(false)
    const storage = await storageFromConfig({
      ...base,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'documents',
      S3_ENDPOINT: 'http://127.0.0.1:9',
    })
    expect(typeof storage.put).toBe('function')
    expect(sdk.loaded).toBe(true)
  })
})
