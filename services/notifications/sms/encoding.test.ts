/**
 * GSM-7 where every character fits, UCS-2 otherwise, and long texts split into parts that
 * join again (3GPP TS 23.038 / 23.040; ./encoding.ts).
 */
import { describe, expect, it } from 'vitest'
import { DATA_CODING, concatenationHeader, encodePart, planSms } from './encoding.ts'

describe('SMS encoding', () => {
  it('keeps GSM-7 for the default alphabet, Ñ and ñ included, and counts an extension character twice', () => {
    expect(planSms('123456 is your Hibla code.')).toEqual({ encoding: 'gsm7', parts: ['123456 is your Hibla code.'] })
    // Ñ is 0x5D and ñ 0x7D in the GSM 7-bit default alphabet (the note says otherwise).
    expect(planSms('Señor Niño, PARAÑAQUE').encoding).toBe('gsm7')
    expect([...encodePart('Ññ', 'gsm7')]).toEqual([0x5d, 0x7d])
    // € is in the extension table: escape 0x1B, then 0x65.
    expect([...encodePart('€', 'gsm7')]).toEqual([0x1b, 0x65])
    expect(planSms('€'.repeat(80)).parts).toHaveLength(1)
    expect(planSms('€'.repeat(81)).parts).toHaveLength(2)
    expect(DATA_CODING.gsm7).toBe(0)
  })

  it('turns to UCS-2 for a character outside GSM-7: the peso sign, an accented vowel, an emoji', () => {
    for (const text of ['Your bill is ₱1,299.00', 'Salamat pó', 'Maraming salamat 🙏']) {
      expect(planSms(text).encoding).toBe('ucs2')
    }
    expect([...encodePart('₱1', 'ucs2')]).toEqual([0x20, 0xb1, 0x00, 0x31])
    expect(DATA_CODING.ucs2).toBe(8)
  })

  it('sends 160 GSM-7 or 70 UCS-2 characters in one part, and splits longer texts into 153 or 67 that join again', () => {
    expect(planSms('a'.repeat(160)).parts).toHaveLength(1)
    const gsm = planSms('a'.repeat(161))
    expect(gsm.parts.map((part) => part.length)).toEqual([153, 8])
    expect(gsm.parts.join('')).toBe('a'.repeat(161))

    expect(planSms('₱'.repeat(70)).parts).toHaveLength(1)
    const ucs2 = planSms('₱'.repeat(71))
    expect(ucs2.parts.map((part) => part.length)).toEqual([67, 4])
    expect(ucs2.parts.join('')).toBe('₱'.repeat(71))
  })

  it('never cuts an escape pair or a surrogate pair between parts', () => {
    const euros = planSms('a'.repeat(152) + '€' + 'b'.repeat(10))
    expect(euros.parts[0]).toBe('a'.repeat(152))
    expect(euros.parts[1]).toBe('€' + 'b'.repeat(10))
    const emoji = planSms('a'.repeat(66) + '🙏' + 'b'.repeat(10))
    expect(emoji.parts[0]).toBe('a'.repeat(66))
    expect(emoji.parts.join('')).toBe('a'.repeat(66) + '🙏' + 'b'.repeat(10))
  })

  it('writes the 8-bit concatenation header: IEI 0, length 3, reference, count, part', () => {
    expect([...concatenationHeader(0x2a, 3, 2)]).toEqual([0x05, 0x00, 0x03, 0x2a, 3, 2])
  })
})
