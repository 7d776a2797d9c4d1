/**
 * The embedded upstream on a thread of its own (docs/decisions/0054): the services, their
 * PGlite database, the jobs and the sign-in provider run here, the portal on the main
 * thread, so one portal process uses two cores. The portal's signed calls arrive as
 * messages and go to the gateway as in-process calls (they never cross a wire: decision
 * 0053); the browser-facing paths (sign-in pages, the payment sandbox) are served on a
 * loopback port the portal passes them through to, as for an upstream in another process.
 */
import { parentPort, workerData, type TransferListItem } from 'node:worker_threads'
import { createLogger } from '../lib/logger.ts'
import { guardProcess } from '../lib/transport.ts'
import { IN_PROCESS_CALL, type InProcessCall } from './gateway.ts'
import {
  answerToSend,
  requestOf,
  type ThreadAnswer,
  type ThreadCall,
  type ThreadMessage,
  type ThreadReply,
  type UpstreamThreadData,
} from './thread-protocol.ts'
import { startUpstreamHost } from './upstream-host.ts'

if (!parentPort) throw new Error('services/thread.ts runs as a worker thread (server/upstream-thread.ts) only')
const port = parentPort
const send = (reply: ThreadReply, transfer: TransferListItem[] = []) => port.postMessage(reply, transfer)

// The portal's configuration, as it loaded and checked it.
const { config } = workerData as UpstreamThreadData
const logger = createLogger(config, 'upstream')
// The thread's own last line of defence (lib/transport.ts): its rejections are its own.
guardProcess(logger)
const host = await startUpstreamHost(config, logger, { port: 0, host: '127.0.0.1' })

async function answer(call: ThreadCall): Promise<void> {
  // A text body goes to the gateway as it is, beside a Request without one (decision 0058).
  const response =
    typeof call.body === 'string'
      ? await host.services.gateway.fetch(new Request(call.url, { method: call.method, headers: call.headers }), {
          ...IN_PROCESS_CALL,
          textBody: call.body,
        } satisfies InProcessCall)
      : await host.services.gateway.fetch(requestOf(call), IN_PROCESS_CALL)
  const { body, transfer } = await answerToSend(response)
  const reply: ThreadAnswer = {
    type: 'answer',
    id: call.id,
    status: response.status,
    headers: [...response.headers],
    body,
  }
  send(reply, transfer)
}

port.on('message', (message: ThreadMessage) => {
  if (message.type === 'call') {
    answer(message).catch((error: unknown) => {
      logger.error({ err: error }, 'upstream call on the upstream thread failed')
      send({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) })
    })
  } else if (message.type === 'readiness') {
    void host.services.ready().then((readiness) => send({ type: 'readiness', id: message.id, readiness }))
  } else if (message.type === 'stop') {
    void host.close().finally(() => send({ type: 'stopped' }))
  }
})

send({ type: 'ready', port: host.port })
