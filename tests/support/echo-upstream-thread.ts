/**
 * A stand-in for services/thread.ts speaking its protocol (services/thread-protocol.ts), for
 * server/upstream-thread.test.ts: /echo answers what it was sent, /fail fails, /crash ends
 * the thread, /hold never answers; readiness is always ready.
 */
import { parentPort } from 'node:worker_threads'
import { bodyToSend, requestOf, type ThreadMessage, type ThreadReply } from '../../services/thread-protocol.ts'

const port = parentPort!

port.on('message', async (message: ThreadMessage) => {
  if (message.type === 'readiness') {
    port.postMessage({
      type: 'readiness',
      id: message.id,
      readiness: { ready: true, checks: { database: 'ok' } },
    } satisfies ThreadReply)
  } else if (message.type === 'stop') {
    port.postMessage({ type: 'stopped' } satisfies ThreadReply)
  } else {
    const path = new URL(message.url).pathname
    if (path === '/crash') process.exit(3)
    if (path === '/hold') return
    if (path === '/fail')
      return port.postMessage({ type: 'failed', id: message.id, message: 'it broke' } satisfies ThreadReply)
    const request = requestOf(message)
    const response = new Response(request.body, {
      status: 201,
      headers: { 'content-type': request.headers.get('content-type') ?? 'text/plain', 'x-method': request.method },
    })
    const { body, transfer } = await bodyToSend(response)
    port.postMessage(
      { type: 'answer', id: message.id, status: 201, headers: [...response.headers], body } satisfies ThreadReply,
      transfer,
    )
  }
})

port.postMessage({ type: 'ready', port: 4321 } satisfies ThreadReply)
