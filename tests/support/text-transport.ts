/**
 * A fake upstream seen through the upstream thread's way for JSON calls (`exchangeText`,
 * docs/decisions/0056), for the client's tests, which run once over `fetch` and once over
 * this with the same fake answers. Its `fetch` still serves the calls that stream (uploads,
 * documents); `textCalls` counts the calls that came as text.
 */
import type { FetchLike, TextTransport } from '../../app/upstream/client.server'

export type CountingTextTransport = TextTransport & { textCalls: number }

export function asTextTransport(fetch: FetchLike): CountingTextTransport {
  const transport = ((request: Request) => fetch(request)) as CountingTextTransport
  transport.textCalls = 0
  transport.exchangeText = async (call) => {
    transport.textCalls++
    const response = await fetch(new Request(call.url, { method: call.method, headers: call.headers, body: call.body }))
    return { status: response.status, body: response.body ? await response.text() : null }
  }
  return transport
}

/** The two ways a transport carries a JSON call, for `describe.each`. */
export const TRANSPORTS: [string, (fetch: FetchLike) => FetchLike][] = [
  ['over fetch', (fetch) => fetch],
  ['as text (the upstream thread)', asTextTransport],
]
