import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { UpstreamError } from '~/upstream/errors'
import { UNSUPPORTED_CHARACTERS } from '../../lib/control-characters'
import { controlCharacterErrors, failureReply, parseWithZod as parseFormWithChecks } from './form.server'
import { SHARED_TEXT } from './texts'

const Schema = z.object({ email: z.string(), password: z.string() })

function submitted() {
  const form = new FormData()
  form.set('email', 'ana@example.com')
  form.set('password', 'Secret2024')
  return parseWithZod(form, { schema: Schema })
}

const rejected = (status: number, fields?: Record<string, string[]>, serverMessage?: string) =>
  new UpstreamError('rejected', 'identity.test', 'req-1', 'rejected', status, serverMessage, fields)

describe('failureReply', () => {
  it("puts a 422's messages beside the fields, renamed, with the status and the input kept", () => {
    const failure = failureReply(rejected(422, { mail: ['Taken'], token: ['Expired'] }), submitted(), {
      rename: { mail: 'email', token: '_form' },
    })
    expect(failure.status).toBe(422)
    expect(failure.result.error).toEqual({ email: ['Taken'], '': ['Expired'] })
    expect(failure.result.initialValue).toMatchObject({ email: 'ana@example.com' })
  })

  it("shows a rate limit's own message with 429", () => {
    const failure = failureReply(rejected(429, undefined, 'Too many requests. Try again in an hour.'), submitted())
    expect(failure.status).toBe(429)
    expect(failure.result.error).toEqual({ '': ['Too many requests. Try again in an hour.'] })
  })

  it("answers an upstream that could not answer with 503 and spec 8's message, the input kept and passwords hidden", () => {
    const failure = failureReply(new UpstreamError('unavailable', 'identity.test', 'req-1', 'timeout'), submitted(), {
      hideFields: ['password'],
    })
    expect(failure.status).toBe(503)
    expect(failure.result.error).toEqual({ '': [SHARED_TEXT.upstreamFailed] })
    expect(failure.result.initialValue).toEqual({ email: 'ana@example.com' })
  })

  it('treats an answer that broke its schema like an unavailable upstream', () => {
    const failure = failureReply(
      new UpstreamError('invalid-response', 'identity.test', 'req-1', 'bad body'),
      submitted(),
    )
    expect(failure.status).toBe(503)
    expect(failure.result.error).toEqual({ '': [SHARED_TEXT.upstreamFailed] })
  })
})

// issue 32, finding 2: a NUL in a street name reached SQL; every form refuses control characters.
describe('parseWithZod (the forms’ one parser)', () => {
  const Address = z.object({ streetName: z.string().max(120), landmark: z.string().optional() })
  const form = (entries: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(entries)) data.set(name, value)
    return data
  }

  it('refuses a field holding a control character with the message, whatever its schema says, and keeps the input', () => {
    const submission = parseFormWithChecks(form({ streetName: 'Rizal\u0000 Street', landmark: 'Chapel\u0085' }), {
      schema: Address,
    })
    expect(submission.status === 'error' && submission.error).toEqual({
      streetName: [UNSUPPORTED_CHARACTERS],
      landmark: [UNSUPPORTED_CHARACTERS],
    })
    expect(submission.reply().initialValue).toMatchObject({ streetName: 'Rizal\u0000 Street' })
  })

  it('lets a textarea named as multi-line keep tabs and line breaks, and refuses them in one-line fields', () => {
    const text = { streetName: 'Rizal Street', landmark: 'Beside the chapel,\r\n\tgreen gate' }
    expect(parseFormWithChecks(form(text), { schema: Address, multiline: ['landmark'] }).status).toBe('success')
    const refused = parseFormWithChecks(form(text), { schema: Address })
    expect(refused.status === 'error' && refused.error).toEqual({ landmark: [UNSUPPORTED_CHARACTERS] })
  })

  it('answers as Conform does when nothing is wrong, right-to-left text included', () => {
    const submission = parseFormWithChecks(form({ streetName: 'شارع ريزال' }), { schema: Address })
    expect(submission.status).toBe('success')
    expect(controlCharacterErrors(form({ streetName: 'שלום' }))).toBeNull()
  })
})
