/**
 * How an SMS text goes on the air (3GPP TS 23.038 and 23.040): the GSM 7-bit default
 * alphabet with its extension table when every character is in it, UCS-2 otherwise; one
 * part up to 160 GSM characters (70 UCS-2), else parts of 153 (67) joined again on the
 * handset by a concatenation header (UDH: IEI 0x00, an 8-bit reference, the count, the
 * part's number). The split is split-sms's, which never cuts an escape pair or a surrogate
 * pair; the GSM bytes are the smpp package's own encoder (one septet per octet, as SMPP
 * carries them with data_coding 0).
 *
 * The note that Ñ is outside GSM-7 does not hold: Ñ (0x5D) and ñ (0x7D) are in the
 * default alphabet. The peso sign ₱ and accented vowels other than é, è, ù, ì, ò, à are not.
 */
import crypto from 'node:crypto'
// Both are CommonJS packages whose exports Node cannot name statically: default imports.
import smpp from 'smpp'
import splitSms from 'split-sms'

export type SmsEncoding = 'gsm7' | 'ucs2'

export type SmsPlan = {
  encoding: SmsEncoding
  /** The text of each part, in order (one part when the message fits in one SMS). */
  parts: string[]
}

/** SMPP data_coding: 0 is the SMSC's default alphabet (GSM 7-bit), 8 is UCS-2. */
export const DATA_CODING: Record<SmsEncoding, number> = { gsm7: 0x00, ucs2: 0x08 }

export function planSms(text: string): SmsPlan {
  const result = splitSms.split(text)
  return {
    encoding: result.characterSet === 'GSM' ? 'gsm7' : 'ucs2',
    parts: result.parts.map((part) => part.content),
  }
}

/** A part's bytes: GSM 7-bit septets one per octet (escape 0x1B before extension characters), or UTF-16 big-endian. */
export function encodePart(text: string, encoding: SmsEncoding): Buffer {
  if (encoding === 'gsm7') return smpp.gsmCoder.encode(text, 0x00)
  const bytes = Buffer.from(text, 'utf16le')
  return bytes.swap16()
}

/** The concatenation header of part `index` (from 1) of `total`, under one reference (0-255). */
export function concatenationHeader(reference: number, total: number, index: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, index])
}

/** A reference for one long message's parts: random, so two long messages to one handset are not joined. */
export function newConcatenationReference(): number {
  return crypto.randomInt(0, 256)
}
