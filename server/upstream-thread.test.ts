/**
 * The portal's side of the upstream on its own thread (server/upstream-thread.ts), against a
 * stand-in thread speaking the same protocol (tests/support/echo-upstream-thread.ts): text
 * and byte streams cross both ways, a failure or a thread that ends fails the calls under way
 * (and says so once), and a closed thread takes no more calls. The real thread runs under
 * the built process (server/production-process.build.test.ts) and every browser journey.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testConfig } from '../services/testing.ts'
import { startUpstreamThread, type UpstreamThread } from './upstream-thread.ts'

const entry = new URL('../tests/support/echo-upstream-thread.ts', import.meta.url)
let thread: UpstreamThread | undefined
afterEach(async () => {
  await thread?.close()
  thread = undefined
})

async function start(onCrash = vi.fn()) {
  thread = await startUpstreamThread(entry, testConfig(), { onCrash })
  return { thread, onCrash }
}

describe('the upstream thread transport', () => {
  it('carries a JSON call across and answers it with its status and headers', async () => {
    const { thread } = await start()
    expect(thread.url).toBe('http://127.0.0.1:4321')
    const answer = await thread.fetch(
      new Request('http://upstream.internal/echo', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Juan' }),
      }),
    )
    expect(answer.status).toBe(201)
    expect(answer.headers.get('x-method')).toBe('PUT')
    expect(await answer.json()).toEqual({ name: 'Juan' })
  })

  it('streams a byte body across and back whole (an upload, a PDF)', async () => {
    const { thread } = await start()
    const bytes = new Uint8Array(3_000_000).map((_, i) => i % 251)
    const answer = await thread.fetch(
      new Request('http://upstream.internal/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: new Blob([bytes]).stream(),
        duplex: 'half',
      } as RequestInit),
    )
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    const back = Buffer.from(await answer.arrayBuffer())
    expect(back.length).toBe(bytes.length)
    expect(back.equals(Buffer.from(bytes))).toBe(true)
  })

  it('fails a call the thread could not answer, and reports the thread’s readiness', async () => {
    const { thread } = await start()
    await expect(thread.fetch(new Request('http://upstream.internal/fail'))).rejects.toThrow('it broke')
    expect(await thread.ready()).toEqual({ ready: true, checks: { database: 'ok' } })
  })

  it('fails the calls under way when the thread ends unasked, and says so once', async () => {
    const { thread, onCrash } = await start()
    const held = thread.fetch(new Request('http://upstream.internal/hold'))
    const heldText = thread.fetch.exchangeText({
      method: 'GET',
      url: 'http://upstream.internal/hold',
      headers: [],
      body: null,
      timeoutMs: 60_000,
    })
    await expect(thread.fetch(new Request('http://upstream.internal/crash'))).rejects.toThrow(/exit code 3/)
    await expect(held).rejects.toThrow(/exit code 3/)
    await expect(heldText).rejects.toThrow(/exit code 3/)
    expect(onCrash).toHaveBeenCalledTimes(1)
  })

  it('carries a JSON call as text both ways, with its status (exchangeText: docs/decisions/0056)', async () => {
    const { thread } = await start()
    const answer = await thread.fetch.exchangeText({
      method: 'PUT',
      url: 'http://upstream.internal/echo',
      headers: [['content-type', 'application/json']],
      body: JSON.stringify({ name: 'Juan' }),
      timeoutMs: 5000,
    })
    expect(answer).toEqual({ status: 201, body: '{"name":"Juan"}' })
    // An answer that is not text crosses as a stream and is read whole.
    const bytes = await thread.fetch.exchangeText({
      method: 'POST',
      url: 'http://upstream.internal/echo',
      headers: [['content-type', 'application/octet-stream']],
      body: 'not json',
      timeoutMs: 5000,
    })
    expect(bytes).toEqual({ status: 201, body: 'not json' })
  })

  it('fails a text call the thread does not answer in time with a TimeoutError, and one it failed', async () => {
    const { thread } = await start()
    const call = { method: 'GET', headers: [], body: null, timeoutMs: 50 }
    await expect(thread.fetch.exchangeText({ ...call, url: 'http://upstream.internal/hold' })).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    await expect(thread.fetch.exchangeText({ ...call, url: 'http://upstream.internal/fail' })).rejects.toThrow(
      'it broke',
    )
    // The thread still answers after a call it dropped.
    expect(
      (await thread.fetch.exchangeText({ ...call, url: 'http://upstream.internal/echo', timeoutMs: 5000 })).status,
    ).toBe(201)
  })

  it('follows a call’s signal: one that aborts fails the call with its reason, one aborted before is not sent', async () => {
    const { thread } = await start()
    const timedOut = thread.fetch(new Request('http://upstream.internal/hold', { signal: AbortSignal.timeout(50) }))
    await expect(timedOut).rejects.toMatchObject({ name: 'TimeoutError' })
    const controller = new AbortController()
    controller.abort(new Error('the visitor left'))
    await expect(
      thread.fetch(new Request('http://upstream.internal/echo', { signal: controller.signal })),
    ).rejects.toThrow('the visitor left')
    // The thread still answers the next call.
    const answer = await thread.fetch(new Request('http://upstream.internal/echo', { method: 'POST', body: 'ok' }))
    expect(await answer.text()).toBe('ok')
  })

  it('takes no more calls once closed, is then not ready, and a close is no crash', async () => {
    const { thread, onCrash } = await start()
    await thread.close()
    await expect(thread.fetch(new Request('http://upstream.internal/echo'))).rejects.toThrow(/stopping/)
    await expect(
      thread.fetch.exchangeText({
        method: 'GET',
        url: 'http://upstream.internal/echo',
        headers: [],
        body: null,
        timeoutMs: 50,
      }),
    ).rejects.toThrow(/stopping/)
    expect((await thread.ready()).ready).toBe(false)
    expect(onCrash).not.toHaveBeenCalled()
  })
})
