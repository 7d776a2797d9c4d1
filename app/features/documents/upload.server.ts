/**
 * Reading an upload form (issue 10; docs/decisions/0031): the multipart body is parsed as
 * it streams (busboy), each file written to a private temporary folder while its size is
 * counted and its SHA-256 taken, so memory never holds a file. The rules of spec 5 are
 * applied on the way: a name with unsafe characters is refused before a byte is kept; a
 * file past 5 MB is cut off and refused; then the content decides the type: JPEG and PDF
 * go as they are, PNG and HEIC/HEIF photos are converted to JPEG (sharp, heic-convert)
 * and must still be at most 5 MB; anything else is refused. The files service checks
 * all of it again as the bytes reach storage.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { isSafeFileName, MAX_FILE_BYTES, MAX_FILES, UPLOAD_MESSAGES, type StoredType } from '../../../lib/documents'
import { OWNER, UPLOAD_FOLDER_PREFIX } from '../../../lib/work-folders'

export type SpooledFile = { fieldName: string; fileName: string; path: string; size: number; sha256: string }

export type FileRefusal = { fileName: string; message: string }

export type UploadForm = {
  fields: Record<string, string>
  files: SpooledFile[]
  refusals: FileRefusal[]
  /** Removes the temporary folder and everything in it. */
  cleanup: () => Promise<void>
}

export class UploadFormError extends Error {}

/** The request's multipart body, streamed: fields, the files that passed, and why the others did not. */
export async function readUploadForm(request: Request, options: { maxFiles?: number } = {}): Promise<UploadForm> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.startsWith('multipart/form-data') || !request.body) throw new UploadFormError('not a multipart form')
  // Named after this process: what a killed one left is removed at the next start (server.ts).
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), `${UPLOAD_FOLDER_PREFIX}${OWNER}-`))
  const cleanup = () => fsp.rm(folder, { recursive: true, force: true })
  const maxFiles = options.maxFiles ?? MAX_FILES
  const fields: Record<string, string> = {}
  const files: SpooledFile[] = []
  const refusals: FileRefusal[] = []
  const writes: Promise<void>[] = []
  let seen = 0

  try {
    const parser = busboy({
      headers: Object.fromEntries(request.headers),
      // Keep the name as sent, so a name with a path in it is refused rather than trimmed.
      preservePath: true,
      defParamCharset: 'utf8',
      // One byte past the limit: busboy cuts a file off when it reaches `fileSize`, so a file of
      // exactly 5 MB passes and one of 5 MB + 1 byte is cut off and refused.
      limits: { fileSize: MAX_FILE_BYTES + 1, files: maxFiles, fields: 20, fieldSize: 1024, parts: maxFiles + 20 },
    })
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('filesLimit', () => refusals.push({ fileName: '', message: UPLOAD_MESSAGES.tooMany }))
    parser.on('file', (fieldName, stream, info) => {
      const fileName = info.filename ?? ''
      if (!fileName) return void stream.resume() // an empty file input posts a part with no name
      seen++
      if (!isSafeFileName(fileName)) {
        refusals.push({ fileName: printable(fileName), message: UPLOAD_MESSAGES.invalidName })
        return void stream.resume()
      }
      const target = path.join(folder, `${seen}.part`)
      const hash = crypto.createHash('sha256')
      let size = 0
      let cut = false
      stream.on('limit', () => {
        cut = true
      })
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          hash.update(chunk)
          done(null, chunk)
        },
      })
      writes.push(
        pipeline(stream, counter, fs.createWriteStream(target, { mode: 0o600 })).then(async () => {
          if (cut || size > MAX_FILE_BYTES) {
            await fsp.rm(target, { force: true })
            refusals.push({ fileName, message: UPLOAD_MESSAGES.tooLarge })
          } else if (size === 0) {
            await fsp.rm(target, { force: true })
            refusals.push({ fileName, message: UPLOAD_MESSAGES.empty })
          } else {
            files.push({ fieldName, fileName, path: target, size, sha256: hash.digest('hex') })
          }
        }),
      )
    })
    try {
      await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser)
    } catch (error) {
      // A part header a browser would send only with a raw control character in the file
      // name (the one part of it the visitor chooses): spec 5's name message, nothing kept.
      if (!String(error).includes('Malformed part header')) throw error
      await Promise.allSettled(writes)
      files.length = 0
      refusals.push({ fileName: '', message: UPLOAD_MESSAGES.invalidName })
      return { fields, files, refusals, cleanup }
    }
    await Promise.all(writes)
  } catch (error) {
    await cleanup()
    if (error instanceof UploadFormError) throw error
    throw new UploadFormError(`the form could not be read: ${String(error)}`)
  }
  return { fields, files, refusals, cleanup }
}

/** A refused name as it may be shown back: control characters made visible. */
function printable(name: string): string {
  // eslint-disable-next-line no-control-regex -- showing control characters is the point
  return name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 120)
}

export type Prepared = {
  fileName: string
  type: StoredType
  path: string
  size: number
  sha256: string
  converted: boolean
}

/**
 * The file as it will be stored, decided by its content (file-type): JPEG and PDF as they
 * are; PNG, HEIC and HEIF converted to JPEG (at most 5 MB, scaled down if needed, named
 * `.jpg`); anything else refused with spec 5's type message.
 */
export async function prepareFile(file: SpooledFile): Promise<Prepared | FileRefusal> {
  const { fileTypeFromFile } = await import('file-type')
  const detected = await fileTypeFromFile(file.path)
  const ext = detected?.ext
  if (ext === 'jpg') return { ...file, type: 'jpg', converted: false }
  if (ext === 'pdf') return { ...file, type: 'pdf', converted: false }
  if (ext === 'png' || ext === 'heic' || detected?.mime === 'image/heif' || detected?.mime === 'image/heic') {
    const converted = await toJpeg(file.path, ext === 'png' ? 'png' : 'heic')
    if (!converted) return { fileName: file.fileName, message: UPLOAD_MESSAGES.tooLarge }
    const target = `${file.path}.jpg`
    await fsp.writeFile(target, converted, { mode: 0o600 })
    await fsp.rm(file.path, { force: true })
    return {
      fileName: file.fileName.replace(/\.[^.]*$/, '') + '.jpg',
      type: 'jpg',
      path: target,
      size: converted.length,
      sha256: crypto.createHash('sha256').update(converted).digest('hex'),
      converted: true,
    }
  }
  return { fileName: file.fileName, message: UPLOAD_MESSAGES.wrongType }
}

// Longest side tried in turn until the JPEG fits in 5 MB.
const SIDES = [4096, 3072, 2048, 1600]

/** A photo (at most 5 MB as sent) as a JPEG of at most 5 MB, or null when it cannot be read. */
async function toJpeg(file: string, kind: 'png' | 'heic'): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp')
  let input = await fsp.readFile(file)
  if (kind === 'heic') {
    const { default: convert } = await import('heic-convert')
    try {
      input = Buffer.from(await convert({ buffer: input, format: 'JPEG', quality: 0.92 }))
    } catch {
      return null
    }
  }
  for (const side of SIDES) {
    try {
      const output = await sharp(input)
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer()
      if (output.length <= MAX_FILE_BYTES) return output
    } catch {
      return null
    }
  }
  return null
}
