/**
 * The messages between the portal and its embedded upstream on a thread of its own
 * (server/upstream-thread.ts ↔ services/thread.ts). A body is a string when it is JSON or
 * text (cheap to copy), else a byte stream moved to the other thread (an upload or a PDF
 * streams across as it streams in, never held whole).
 */
import type { TransferListItem } from 'node:worker_threads'
import type { Config } from '../lib/env.ts'
import type { Readiness } from './readiness.ts'

/** What the thread starts with (workerData); `entry` only under tsx (server/thread-under-tsx.mjs). */
export type UpstreamThreadData = { config: Config; entry?: string }

export type ThreadBody = string | ReadableStream<Uint8Array> | null

export type ThreadCall = {
  type: 'call'
  id: number
  method: string
  url: string
  headers: [string, string][]
  body: ThreadBody
}

export type ThreadMessage = ThreadCall | { type: 'readiness'; id: number } | { type: 'stop' }

export type ThreadAnswer = { type: 'answer'; id: number; status: number; headers: [string, string][]; body: ThreadBody }

export type ThreadReply =
  | { type: 'ready'; port: number }
  | ThreadAnswer
  | { type: 'failed'; id: number; message: string }
  | { type: 'readiness'; id: number; readiness: Readiness }
  | { type: 'stopped' }

const TEXTUAL = /^(application\/([\w.+-]+\+)?json|text\/)/i

const isTextual = (contentType: string | null) => TEXTUAL.test(contentType ?? '')

/**
 * A request's or response's body for the other thread, and what postMessage must move with it
 * (Node moves web streams between threads; its types know them by another ReadableStream).
 */
export async function bodyToSend(
  message: Request | Response,
): Promise<{ body: ThreadBody; transfer: TransferListItem[] }> {
  if (!message.body) return { body: null, transfer: [] }
  if (isTextual(message.headers.get('content-type'))) return { body: await message.text(), transfer: [] }
  return { body: message.body, transfer: [message.body as unknown as TransferListItem] }
}

/** The Request a call stands for, on the thread that answers it (a moved stream needs `duplex`). */
export function requestOf(call: ThreadCall): Request {
  return new Request(call.url, {
    method: call.method,
    headers: call.headers,
    body: call.body,
    ...(call.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/**
 * An answer's body for the other thread (bodyToSend), read without making its body stream when
 * it can be: the Response on the upstream's thread is @hono/node-server's (its server, for the
 * browser-facing paths, sets it as the global), which keeps a body made from a string under a
 * symbol of its own, [status, body, headers], as its server reads it (decision 0058). Any other
 * Response, or a later version that keeps it otherwise, is read the usual way.
 */
export async function answerToSend(response: Response): Promise<{ body: ThreadBody; transfer: TransferListItem[] }> {
  const symbol = Object.getOwnPropertySymbols(response).find((own) => own.description === 'cache')
  const kept = symbol ? (response as unknown as Record<symbol, unknown>)[symbol] : undefined
  if (Array.isArray(kept) && typeof kept[1] === 'string' && isTextual(response.headers.get('content-type'))) {
    return { body: kept[1], transfer: [] }
  }
  return bodyToSend(response)
}
