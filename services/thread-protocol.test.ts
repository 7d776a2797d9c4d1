/**
 * An answer's body for the other thread (services/thread-protocol.ts): text as a string, bytes
 * as a moved stream; on the upstream's thread, whose Response is @hono/node-server's, a text
 * body is read where that Response keeps it, without making a body stream (decision 0058).
 */
import { getRequestListener } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import { answerToSend } from './thread-protocol.ts'

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 201, headers: { 'content-type': 'application/json' } })

describe('answerToSend', () => {
  it('sends text as a string and bytes as a stream, from any Response', async () => {
    expect(await answerToSend(json({ name: 'Juan' }))).toEqual({ body: '{"name":"Juan"}', transfer: [] })
    // Text that is not kept as a string (here a Blob) is read from the Response the usual way.
    const blob = new Response(new Blob(['{"name":"Ana"}']), { headers: { 'content-type': 'application/json' } })
    expect(await answerToSend(blob)).toEqual({ body: '{"name":"Ana"}', transfer: [] })
    const pdf = await answerToSend(
      new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
    )
    expect(pdf.body).toBeInstanceOf(ReadableStream)
    expect(pdf.transfer).toEqual([pdf.body])
    expect(await answerToSend(new Response(null, { status: 204 }))).toEqual({ body: null, transfer: [] })
  })

  it("reads @hono/node-server's Response where it keeps a text body, without making its stream", async () => {
    // Its server sets its Response as the global, as on the upstream's thread (other test files
    // in the same worker may have done it already).
    getRequestListener(() => new Response(null))
    const answer = json({ name: 'Juan' })
    const kept = () => Object.getOwnPropertySymbols(answer).some((own) => own.description === 'cache')
    expect(kept()).toBe(true)
    expect(await answerToSend(answer)).toEqual({ body: '{"name":"Juan"}', transfer: [] })
    // Still as made: no undici Response, no stream behind it.
    expect(kept()).toBe(true)
    expect(answer.status).toBe(201)
    // Bytes still cross as a stream.
    const pdf = await answerToSend(
      new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
    )
    expect(pdf.body).toBeInstanceOf(ReadableStream)
  })
})
