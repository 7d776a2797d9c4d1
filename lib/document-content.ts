/**
 * Whether a document is what its first bytes claim (issue 32, item 5; spec 5): a JPEG must
 * decode and a PDF must parse. Shared by the portal, on the file it spooled
 * (app/features/documents/upload.server.ts), and by the files service, on the bytes on their
 * way to storage (services/files/service.ts), so the two sides refuse the same files.
 * Server code only: it loads sharp and a PDF parser.
 */
import fsp from 'node:fs/promises'
import type { StoredType } from './document-rules.ts'

/**
 * True when the content is a whole document of the type:
 * - a JPEG: sharp reads its header and dimensions, then decodes it (at a small size, which
 *   still reads every byte), so a truncated image or a few bytes that only start like one fail;
 * - a PDF: its cross-reference section is where the file's last `startxref` says (a table, or
 *   a cross-reference stream), and a maintained parser (@cantoo/pdf-lib) reads it to at least
 *   one page.
 */
export async function isWholeDocument(content: Buffer | string, type: StoredType): Promise<boolean> {
  return type === 'jpg'
    ? isWholeJpeg(content)
    : isWholePdf(typeof content === 'string' ? await fsp.readFile(content) : content)
}

async function isWholeJpeg(content: Buffer | string): Promise<boolean> {
  const { default: sharp } = await import('sharp')
  try {
    // failOn 'truncated': sharp's default lets a cut-off JPEG decode with its missing rows grey.
    const meta = await sharp(content, { failOn: 'truncated' }).metadata()
    if (meta.format !== 'jpeg' || !meta.width || !meta.height) return false
    await sharp(content, { failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer()
    return true
  } catch {
    return false
  }
}

// The end of a PDF: `startxref`, the offset of the last cross-reference section, then `%%EOF`.
const TRAILER = /startxref\s+(\d+)\s+%%EOF\s*$/
// At that offset: a cross-reference table, or the object holding a cross-reference stream.
const XREF_TABLE = /^xref\s/
const XREF_STREAM = /^\d+\s+\d+\s+obj\b[\s\S]*?\/Type\s*\/XRef\b/

async function isWholePdf(bytes: Buffer): Promise<boolean> {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1')
  const offset = Number(TRAILER.exec(tail)?.[1] ?? -1)
  if (offset < 0 || offset >= bytes.length) return false
  const section = bytes.subarray(offset, offset + 1024).toString('latin1')
  if (!XREF_TABLE.test(section) && !XREF_STREAM.test(section)) return false
  const { PDFDocument } = await import('@cantoo/pdf-lib')
  try {
    const document = await PDFDocument.load(bytes, {
      // An encrypted PDF (a bank statement with an owner password) is still a PDF: its pages count.
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    })
    return document.getPageCount() > 0
  } catch {
    return false
  }
}
