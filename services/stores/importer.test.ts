/**
 * The store file's checks that need no database (the barangay codes are checked on import,
 * stores.integration.test.ts): the header, lines as the file numbers them, and the fields.
 */
import { describe, expect, it } from 'vitest'
import { describeProblem, parseStoresCsv } from './importer.ts'

const HEADER = 'store_id,type,name,address_line,barangay_code,latitude,longitude,hours,services,payment_channels,phone'
const ROW =
  'T-1,payment-centre,Test Payment Centre,CPG Avenue,01242001,9.6475,123.8544,Daily 08:00-17:00,payments,cash,'

describe('parseStoresCsv', () => {
  it('reads the columns in any order, and ignores columns it does not know', () => {
    const parsed = parseStoresCsv(
      [
        'phone,payment_channels,services,hours,longitude,latitude,barangay_code,address_line,name,type,store_id,notes',
        '+63 38 555 0000,cash,payments,Daily 08:00-17:00,123.8544,9.6475,01242001,CPG Avenue,Test,payment-centre,T-1,new',
      ].join('\n'),
    )
    expect(parsed.problems).toEqual([])
    expect(parsed.records).toEqual([
      {
        line: 2,
        value: {
          storeId: 'T-1',
          type: 'payment-centre',
          name: 'Test',
          addressLine: 'CPG Avenue',
          barangayCode: '01242001',
          latitude: 9.6475,
          longitude: 123.8544,
          hours: 'Daily 08:00-17:00',
          services: ['payments'],
          paymentChannels: ['cash'],
          phone: '+63 38 555 0000',
        },
      },
    ])
  })

  it('refuses a header without a column it needs', () => {
    expect(parseStoresCsv(`${HEADER.replace(',hours', '')}\n${ROW}`).problems).toEqual([
      { line: 1, field: null, reason: 'the header lacks the column(s) hours' },
    ])
  })

  it('numbers lines as the file does: blank lines and quoted line breaks count', () => {
    const parsed = parseStoresCsv(
      [
        HEADER,
        '',
        'T-1,payment-centre,Test,"Unit 1,',
        'CPG Avenue",01242001,9.6475,123.8544,Daily 08:00-17:00,payments,cash,',
        'T-2,payment-centre,Test,CPG Avenue,0124200,9.6475,123.8544,Daily 08:00-17:00,payments,cash,',
      ].join('\n'),
    )
    expect(parsed.records.map((r) => [r.line, r.value.addressLine])).toEqual([[4, 'Unit 1,\nCPG Avenue']])
    expect(parsed.problems).toEqual([
      { line: 5, field: 'barangay_code', reason: 'barangay_code is a PSGC barangay code of 8 digits' },
    ])
  })

  it('needs a payment channel for a store that takes payments, and reads the phone loosely', () => {
    const row = (services: string, channels: string, phone: string) =>
      `T-1,business-centre,Test,CPG Avenue,01242001,9.6475,123.8544,Daily 08:00-17:00,${services},${channels},${phone}`
    expect(parseStoresCsv(`${HEADER}\n${row('payments', '', '')}`).problems).toEqual([
      {
        line: 2,
        field: 'payment_channels',
        reason: 'a store that takes payments needs at least one of cash, check, card, e-wallet',
      },
    ])
    expect(parseStoresCsv(`${HEADER}\n${row('repairs|modem-swap', '', '(038) 411-2345')}`).problems).toEqual([])
    expect(parseStoresCsv(`${HEADER}\n${row('', 'cash', 'call us')}`).problems).toEqual([
      {
        line: 2,
        field: 'services',
        reason: 'services needs at least one of payments, applications, repairs, modem-swap',
      },
      {
        line: 2,
        field: 'phone',
        reason: 'phone is 7 to 15 digits, with spaces, brackets, dashes and a leading + allowed',
      },
    ])
  })

  it('says where a problem is the way the command prints it', () => {
    expect(describeProblem({ line: 4, field: 'hours', reason: 'no opening hours' })).toBe(
      'line 4, hours: no opening hours',
    )
    expect(describeProblem({ line: 9, field: null, reason: 'expected 11 fields, found 3' })).toBe(
      'line 9: expected 11 fields, found 3',
    )
  })
})
