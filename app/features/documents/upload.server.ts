/**
 * Reading an upload form (issue 10; docs/decisions/0031): the multipart body is parsed as
 * it streams (busboy), each file written to a private temporary folder while its size is
 * counted and its SHA-256 taken, so memory never holds a file. The rules of spec 5 are
 * applied on the way: a name with unsafe characters is refused before a byte is kept; a
 * file past 5 MB is cut off and refused; then the content decides the type: JPEG and PDF
 * go as they are once they decode and parse (issue 32: lib/document-content.ts), PNG and
 * HEIC/HEIF photos are converted to JPEG (sharp, heic-convert) and must still be at most
 * 5 MB; anything else is refused. The files service checks all of it again as the bytes
 * reach storage. A body that fails on the way never escapes as anything but an
 * UploadFormError, with nothing left spooled (docs/decisions/0059).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { finished, pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import { isWholeDocument } from '../../../lib/document-content'
import {
  fileNameProblem,
  MAX_FILE_BYTES,
  MAX_FILES,
  MAX_UPLOAD_BODY_BYTES,
  UPLOAD_MESSAGES,
  type StoredType,
} from '../../../lib/documents'
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

/**
 * The request's multipart body, streamed: fields, the files that passed, and why the others did
 * not. Transport faults never escape as anything but an UploadFormError (issue 32, item 1):
 * a body that fails (the client went away, or took longer than its time limit:
 * server/transport.ts) or ends inside a part stops the parser, every file write is awaited,
 * and the temporary folder is removed before the error is thrown. A refused part (a name with
 * a raw control character) stops the parser but not the reading: the rest of the body, within
 * MAX_UPLOAD_BODY_BYTES, is read and dropped, so the browser gets the message, not a reset
 * connection.
 */
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

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      // Keep the name as sent, so a name with a path in it is refused rather than trimmed.
      preservePath: true,
      defParamCharset: 'utf8',
      // One byte past the limit: busboy cuts a file off when it reaches `fileSize`, so a file of
      // exactly 5 MB passes and one of 5 MB + 1 byte is cut off and refused.
      limits: { fileSize: MAX_FILE_BYTES + 1, files: maxFiles, fields: 20, fieldSize: 1024, parts: maxFiles + 20 },
    })
  } catch (error) {
    await cleanup()
    throw new UploadFormError(`the form could not be read: ${String(error)}`)
  }
  parser.on('field', (name, value) => {
    fields[name] = value
  })
  parser.on('filesLimit', () => refusals.push({ fileName: '', message: UPLOAD_MESSAGES.tooMany }))
  parser.on('file', (fieldName, stream, info) => {
    const fileName = info.filename ?? ''
    if (!fileName) return void stream.resume() // an empty file input posts a part with no name
    seen++
    const problem = fileNameProblem(fileName)
    if (problem) {
      refusals.push({ fileName: printable(fileName), message: UPLOAD_MESSAGES[problem] })
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
    // Awaited on every path below, a failed body's included: a write that fails with the body
    // is never left as a rejection nothing handles (issue 32, finding 1).
    writes.push(
      pipeline(stream, counter, fs.createWriteStream(target, { mode: 0o600 })).then(async () => {
        if (cut || size > MAX_FILE_BYTES) {
          await fsp.rm(target, { force: true })
          refusals.push({ fileName, message: UPLOAD_MESSAGES.tooLarge })
        } else if (size === 0) {
          await fsp.rm(target, { force: true })
          refusals.push({ fileName, message: UPLOAD_MESSAGES.emptyFile })
        } else {
          files.push({ fieldName, fileName, path: target, size, sha256: hash.digest('hex') })
        }
      }),
    )
  })

  let outcome: FeedOutcome
  try {
    outcome = await feed(request.body as ReadableStream<Uint8Array>, parser)
    await Promise.all(writes)
  } catch (error) {
    parser.destroy()
    await Promise.allSettled(writes)
    await cleanup()
    throw new UploadFormError(`the form could not be read: ${String(error)}`)
  }
  if (outcome === 'too large') {
    files.length = 0
    refusals.push({ fileName: '', message: UPLOAD_MESSAGES.tooLarge })
  } else if (outcome === 'malformed part header') {
    // A part header a browser would send only with a raw control character in the file
    // name (the one part of it the visitor chooses): spec 5's name message, nothing kept.
    files.length = 0
    refusals.push({ fileName: '', message: UPLOAD_MESSAGES.invalidName })
  }
  return { fields, files, refusals, cleanup }
}

type FeedOutcome = 'read' | 'malformed part header' | 'too large'

/**
 * Writes the body into the parser, waiting while it is busy. Resolves once the parser has
 * seen all of it ('read'); or, when the parser refused a part header, once the rest of the
 * body is read and dropped; or, past MAX_UPLOAD_BODY_BYTES (a body without a declared length:
 * server/transport.ts refuses a longer declared one unread), at once, the body cancelled.
 * Rejects when the body fails or the parser finds the form cut short; the caller cleans up.
 */
async function feed(body: ReadableStream<Uint8Array>, parser: busboy.Busboy): Promise<FeedOutcome> {
  let refused: Error | undefined
  let failed: Error | undefined
  parser.on('error', (error: Error) => {
    if (String(error).includes('Malformed part header')) refused ??= error
    else failed ??= error
  })
  const reader = body.getReader()
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_UPLOAD_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      return 'too large'
    }
    // Once the parser has stopped, the rest is read and dropped: the answer waits for it.
    if (refused || failed || parser.destroyed) continue
    if (!parser.write(value)) await writable(parser)
  }
  if (failed) throw failed
  if (refused) return 'malformed part header'
  parser.end()
  await finished(parser)
  if (failed) throw failed
  return refused ? 'malformed part header' : 'read'
}

/** Until the parser takes more, or stops taking anything. */
function writable(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      parser.off('drain', settle)
      parser.off('error', settle)
      parser.off('close', settle)
      resolve()
    }
    parser.on('drain', settle)
    parser.on('error', settle)
    parser.on('close', settle)
  })
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
 * are, once they decode and parse (lib/document-content.ts: a file that only starts like one is
 * refused as damaged); PNG, HEIC and HEIF converted to JPEG (at most 5 MB, scaled down if
 * needed, named `.jpg`); anything else refused with spec 5's type message.
 */
export async function prepareFile(file: SpooledFile): Promise<Prepared | FileRefusal> {
  const { fileTypeFromFile } = await import('file-type')
  const detected = await fileTypeFromFile(file.path)
  const ext = detected?.ext
  if (ext === 'jpg' || ext === 'pdf') {
    const type = ext
    if (!(await isWholeDocument(file.path, type))) return { fileName: file.fileName, message: UPLOAD_MESSAGES.damaged }
    return { ...file, type, converted: false }
  }
  if (ext === 'png' || ext === 'heic' || detected?.mime === 'image/heif' || detected?.mime === 'image/heic') {
    const converted = await toJpeg(file.path, ext === 'png' ? 'png' : 'heic')
    if (!Buffer.isBuffer(converted)) return { fileName: file.fileName, message: UPLOAD_MESSAGES[converted] }
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

/** A photo (at most 5 MB as sent) as a JPEG of at most 5 MB; or why not: it cannot be read, or stays too large. */
async function toJpeg(file: string, kind: 'png' | 'heic'): Promise<Buffer | 'damaged' | 'tooLarge'> {
  const { default: sharp } = await import('sharp')
  let input = await fsp.readFile(file)
  if (kind === 'heic') {
    const { default: convert } = await import('heic-convert')
    try {
      input = Buffer.from(await convert({ buffer: input, format: 'JPEG', quality: 0.92 }))
    } catch {
      return 'damaged'
    }
  }
  for (const side of SIDES) {
    try {
      const output = await sharp(input, { failOn: 'truncated' })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer()
      if (output.length <= MAX_FILE_BYTES) return output
    } catch {
      return 'damaged'
    }
  }
  return 'tooLarge'
}
