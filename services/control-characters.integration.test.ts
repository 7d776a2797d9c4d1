/**
 * issue 32, finding 2: a NUL in a posted street name or region id reached SQL, failed the
 * query and answered 503. No service sees a control character: the gateway refuses one in a
 * call's path or query, and the validation layer one in any string of its JSON body, each
 * with the field's message (services/validation.ts; docs/security.md, Input).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNSUPPORTED_CHARACTERS } from '../lib/control-characters.ts'
import { createLogger } from '../lib/logger.ts'
import { signedCall, startTestGateway, type TestGateway } from './testing.ts'

let t: TestGateway
const lines: string[] = []
beforeAll(async () => {
  const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => void lines.push(line) })
  t = await startTestGateway({ seed: true, logger })
})
afterAll(() => t?.close())

const STREET = 'Zqx Rizal\u0000 Street'

describe('control characters in an upstream call', () => {
  it("refuses one in a draft section's JSON with the field's message, and logs no error", async () => {
    const created = await signedCall(t, 'POST', '/v1/drafts', { body: {} })
    expect(created.status).toBe(201)
    const draftId = created.body.data.draftId as string
    const choice = {
      regionId: '13\u0000',
      provinceId: '000',
      municipalityId: '80300',
      barangayId: '',
      locationType: '',
    }
    const saved = await signedCall(t, 'PUT', `/v1/drafts/${draftId}/sections/serviceability`, {
      body: { choice, names: {}, zipCode: null, result: null },
    })
    expect(saved.status).toBe(400)
    expect(saved.body.error.fields).toEqual({ 'choice.regionId': [UNSUPPORTED_CHARACTERS] })
    const again = await signedCall(t, 'POST', '/v1/drafts', {
      body: { sections: { personalDetails: { streetName: STREET } } },
    })
    expect(again.status).toBe(400)
    expect(again.body.error.fields).toEqual({ 'sections.personalDetails.streetName': [UNSUPPORTED_CHARACTERS] })
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([])
    expect(lines.join('\n')).not.toContain('Zqx Rizal')
  })

  it('refuses one in a path or a query before any service reads it', async () => {
    const path = await signedCall(t, 'GET', '/v1/province/13%00')
    expect(path.status).toBe(400)
    expect(path.body.error.fields).toEqual({ _form: [UNSUPPORTED_CHARACTERS] })
    const query = await signedCall(t, 'GET', '/v1/zipcode?municipalityId=80300%01')
    expect(query.status).toBe(400)
    expect(query.body.error.fields).toEqual({ municipalityId: [UNSUPPORTED_CHARACTERS] })
  })

  it('keeps a line break or a tab in a JSON value, which a textarea sends', async () => {
    const created = await signedCall(t, 'POST', '/v1/drafts', {
      body: { sections: { personalDetails: { landmark: 'Beside the chapel,\r\n\tgreen gate' } } },
    })
    expect(created.body.error?.fields ?? {}).not.toHaveProperty(['sections.personalDetails.landmark'])
  })
})
