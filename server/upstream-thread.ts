/**
 * The portal's side of its embedded upstream on a thread of its own (services/thread.ts,
 * docs/decisions/0054): starts the worker, and hands it each signed call as a message,
 * answered as a Response; bodies cross as text or as a moved stream (services/thread-protocol.ts).
 */
import { Worker, type TransferListItem } from 'node:worker_threads'
import type { TextAnswer, TextCall, TextTransport } from '../app/upstream/client.server.ts'
import type { Config } from '../lib/env.ts'
import type { Readiness } from '../services/readiness.ts'
import {
  bodyToSend,
  type ThreadAnswer,
  type ThreadCall,
  type ThreadReply,
  type UpstreamThreadData,
} from '../services/thread-protocol.ts'

export type UpstreamThread = {
  /** The loopback address of the thread's HTTP server: the sign-in pages and the payment sandbox. */
  url: string
  /** Every call; JSON calls take `fetch.exchangeText`, without a Request and a Response (docs/decisions/0056). */
  fetch: TextTransport
  /** The thread's services' readiness (their database and storage), as /readyz reports it. */
  ready: () => Promise<Readiness>
  /** Lets calls under way finish, then closes the thread's services and ends it. */
  close: () => Promise<void>
}

export type UpstreamThreadOptions = {
  /** Told once when the thread ends while not asked to (a crash): the portal cannot serve without it. */
  onCrash: (error: Error) => void
}

/** A call under way: what to do with its answer, or with its failure. */
type Pending = { answered: (reply: ThreadAnswer) => void; reject: (error: Error) => void }

const READINESS_TIMEOUT_MS = 2000

const noBody = (status: number) => status === 204 || status === 205 || status === 304

/** The thread's entry: the bundle beside the bundled server (npm start), or the source under tsx. */
export function upstreamThreadEntry(from: string): URL {
  return from.endsWith('.ts') ? new URL('./services/thread.ts', from) : new URL('./upstream-thread.js', from)
}

// From the sources (tests, tsx) a TypeScript entry runs through a bootstrap that registers tsx.
const UNDER_TSX = new URL('./thread-under-tsx.mjs', import.meta.url)

export async function startUpstreamThread(
  entry: URL,
  config: Config,
  options: UpstreamThreadOptions,
): Promise<UpstreamThread> {
  const typescript = entry.pathname.endsWith('.ts')
  const worker = new Worker(typescript ? UNDER_TSX : entry, {
    // The portal's configuration as loaded (secrets read once); plain data, cloned.
    workerData: { config, ...(typescript ? { entry: entry.href } : {}) } satisfies UpstreamThreadData,
  })
  const pending = new Map<number, Pending>()
  const readinessAsked = new Map<number, (readiness: Readiness) => void>()
  let nextId = 1
  let stopping = false
  let exited = false
  let onStopped: (() => void) | undefined

  const settle = (id: number) => {
    const call = pending.get(id)
    pending.delete(id)
    return call
  }
  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }

  const started = new Promise<number>((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      switch (reply.type) {
        case 'ready':
          return resolve(reply.port)
        case 'answer':
          return settle(reply.id)?.answered(reply)
        case 'failed':
          return settle(reply.id)?.reject(new Error(reply.message))
        case 'readiness':
          return readinessAsked.get(reply.id)?.(reply.readiness)
        case 'stopped':
          return onStopped?.()
      }
    })
    const ended = (error: Error) => {
      if (exited) return
      exited = true
      failAll(error)
      reject(error)
      onStopped?.()
      if (!stopping) options.onCrash(error)
    }
    worker.on('error', ended)
    worker.on('exit', (code) => ended(new Error(`the upstream thread ended (exit code ${code})`)))
  })
  const port = await started

  /**
   * Posts a call; its answer, or a TimeoutError once `timeoutMs` passes, or the signal's reason
   * once it aborts. The thread may still finish the call; its late answer is then dropped.
   */
  const post = (
    call: Omit<ThreadCall, 'type' | 'id'>,
    transfer: TransferListItem[],
    { timeoutMs, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
  ) =>
    new Promise<ThreadAnswer>((resolve, reject) => {
      if (stopping || exited) return reject(new Error('the upstream thread is stopping or has ended'))
      if (signal?.aborted) return reject(signal.reason as Error)
      const id = nextId++
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(
              () => settle(id)?.reject(new DOMException('The upstream thread did not answer in time', 'TimeoutError')),
              timeoutMs,
            )
      const aborted = () => settle(id)?.reject(signal!.reason as Error)
      signal?.addEventListener('abort', aborted, { once: true })
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', aborted)
      }
      pending.set(id, {
        answered: (reply) => {
          done()
          resolve(reply)
        },
        reject: (error) => {
          done()
          reject(error)
        },
      })
      worker.postMessage({ type: 'call', id, ...call } satisfies ThreadCall, transfer)
    })

  const fetch = (async (request: Request) => {
    if (stopping || exited) throw new Error('the upstream thread is stopping or has ended')
    const { body, transfer } = await bodyToSend(request)
    // The Request's signal is followed (the client's time limit on an upload or a document).
    const reply = await post(
      { method: request.method, url: request.url, headers: [...request.headers], body },
      transfer,
      { signal: request.signal },
    )
    return new Response(noBody(reply.status) ? null : reply.body, { status: reply.status, headers: reply.headers })
  }) as TextTransport

  // A JSON call crosses as text both ways: no Request, Response or body stream on this thread.
  fetch.exchangeText = async ({ timeoutMs, ...call }: TextCall): Promise<TextAnswer> => {
    const reply = await post(call, [], { timeoutMs })
    // An answer that is not text (an error page of another type) is read whole, as `fetch`'s would be.
    const body =
      typeof reply.body === 'string' || reply.body === null ? reply.body : await new Response(reply.body).text()
    return { status: reply.status, body }
  }

  // A thread that does not answer in time (busy, stuck) is not ready.
  const notAnswering: Readiness = { ready: false, checks: { upstreamThread: 'failed' } }
  const ready = () => {
    if (stopping || exited) return Promise.resolve(notAnswering)
    const id = nextId++
    return new Promise<Readiness>((resolve) => {
      const timer = setTimeout(() => answered(notAnswering), READINESS_TIMEOUT_MS)
      const answered = (readiness: Readiness) => {
        clearTimeout(timer)
        readinessAsked.delete(id)
        resolve(readiness)
      }
      readinessAsked.set(id, answered)
      worker.postMessage({ type: 'readiness', id })
    })
  }

  return {
    url: `http://127.0.0.1:${port}`,
    fetch,
    ready,
    async close() {
      if (stopping || exited) return
      stopping = true
      await new Promise<void>((resolve) => {
        onStopped = resolve
        worker.postMessage({ type: 'stop' })
      })
      await worker.terminate()
    },
  }
}
