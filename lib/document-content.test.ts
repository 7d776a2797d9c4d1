/**
 * Uploads are what they claim (issue 32, finding 5): the content check the portal and the
 * files service share, and the name rules with their messages.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isWholeDocument } from './document-content.ts'
import { fileNameProblem, MAX_FILE_NAME_LENGTH, UPLOAD_MESSAGES } from './document-rules.ts'
import { FileNameSchema } from './documents.ts'

const FIXTURES = path.join(import.meta.dirname, '../tests/fixtures')
const jpeg = fs.readFileSync(path.join(FIXTURES, 'government-id.jpg'))
const pdf = fs.readFileSync(path.join(FIXTURES, 'proof-of-billing.pdf'))

describe('a document is what its first bytes claim', () => {
  it('a whole JPEG decodes, from a buffer or a file, bytes after its end marker ignored', async () => {
    expect(await isWholeDocument(jpeg, 'jpg')).toBe(true)
    expect(await isWholeDocument(path.join(FIXTURES, 'government-id.jpg'), 'jpg')).toBe(true)
    expect(await isWholeDocument(Buffer.concat([jpeg, crypto.randomBytes(16)]), 'jpg')).toBe(true)
  })

  it('a truncated JPEG, nine bytes that start FF D8 FF, or a PDF called a JPEG do not', async () => {
    expect(await isWholeDocument(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'jpg')).toBe(false)
    expect(await isWholeDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49]), 'jpg')).toBe(false)
    expect(await isWholeDocument(pdf, 'jpg')).toBe(false)
  })

  it('a whole PDF parses to its pages, from a buffer or a file', async () => {
    expect(await isWholeDocument(pdf, 'pdf')).toBe(true)
    expect(await isWholeDocument(path.join(FIXTURES, 'proof-of-billing.pdf'), 'pdf')).toBe(true)
  })

  it('a PDF without its cross-reference section, cut short, or only a header does not', async () => {
    const text = pdf.toString('latin1')
    expect(await isWholeDocument(Buffer.from(text.replace(/startxref[\s\S]*$/, ''), 'latin1'), 'pdf')).toBe(false)
    // startxref pointing at something other than a cross-reference section.
    expect(await isWholeDocument(Buffer.from(text.replace(/startxref\s+\d+/, 'startxref\n9'), 'latin1'), 'pdf')).toBe(
      false,
    )
    expect(await isWholeDocument(pdf.subarray(0, Math.floor(pdf.length / 2)), 'pdf')).toBe(false)
    expect(await isWholeDocument(Buffer.from('%PDF-1.7\n%%EOF\n'), 'pdf')).toBe(false)
  })
})

describe('file names (spec 5)', () => {
  it('refuses bidirectional controls and other format characters with the name message', () => {
    for (const name of [
      'a\u202egpj.exe.jpg',
      'id\u202a.jpg',
      'id\u2066.jpg',
      'id\u2069.jpg',
      'id\u200b.jpg',
      'id\ufeff.jpg',
      'id\u00ad.jpg',
    ]) {
      expect(fileNameProblem(name), JSON.stringify(name)).toBe('invalidName')
      expect(FileNameSchema.safeParse(name).error?.issues[0]?.message).toBe(UPLOAD_MESSAGES.invalidName)
    }
  })

  it('says a name is too long, not that it holds invalid characters', () => {
    const long = `${'a'.repeat(MAX_FILE_NAME_LENGTH + 45)}.jpg`
    expect(fileNameProblem(long)).toBe('nameTooLong')
    expect(FileNameSchema.safeParse(long).error?.issues[0]?.message).toBe(UPLOAD_MESSAGES.nameTooLong)
    expect(fileNameProblem(`${'a'.repeat(MAX_FILE_NAME_LENGTH - 4)}.jpg`)).toBeNull()
  })

  it('keeps names in other scripts, and the messages say what is wrong', () => {
    expect(fileNameProblem('Pagkakakilanlan ñ 身份证 بطاقة.jpg')).toBeNull()
    expect(UPLOAD_MESSAGES.emptyFile).not.toBe(UPLOAD_MESSAGES.empty)
    expect(UPLOAD_MESSAGES.nameTooLong).not.toBe(UPLOAD_MESSAGES.invalidName)
  })
})
