import path from 'node:path'
import { localStorage } from './local.ts'
import type { ObjectStorage } from './storage.ts'

export type { ObjectStorage } from './storage.ts'

/** The part of Config that picks and sets up the driver (lib/env.ts, docs/configuration.md). */
export type StorageConfig = {
  DATA_DIR: string
  STORAGE_DRIVER: 'local' | 's3'
  S3_ENDPOINT?: string
  S3_REGION: string
  S3_BUCKET?: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
  S3_FORCE_PATH_STYLE: boolean
}

/** The configured driver; the S3 one (and its SDK) is loaded only when configured (issue 34). */
export async function storageFromConfig(config: StorageConfig): Promise<ObjectStorage> {
  if (config.STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET.')
    const { s3Storage } = await import('./s3.ts')
    return s3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    })
  }
  return localStorage(path.join(config.DATA_DIR, 'uploads'))
}
