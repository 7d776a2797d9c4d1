/**
 * Each route family's body limits (issue 32, item 1; docs/operations.md, Time limits;
 * docs/security.md, Transport). Two families: upload forms (multipart: the documents steps and
 * the compliance re-upload, read as they stream by app/features/documents/upload.server.ts)
 * and every other body (forms, JSON, the analytics beacon), which the routes read whole.
 * - size: a declared length over the family's limit is refused unread (413); a body other
 *   than an upload must declare its length (411: browsers always do), so no route reads more
 *   than the limit; an upload form counts its bytes as they stream (readUploadForm);
 * - time: a body still arriving after the family's limit (a drip, a client that never
 *   finishes) ends with Node's own answer to a request past its time, 408 and the connection
 *   closed (only the closing when the route has answered already). The route reading it then
 *   sees the body fail as if the client had gone (the request's signal aborted), and
 *   readUploadForm removes what it had spooled.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import type { Config } from '../lib/env.ts'
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_MESSAGES } from '../lib/documents.ts'

/** The most a body other than an upload form may hold: the longest form is a few KB. */
export const MAX_FORM_BODY_BYTES = 1024 * 1024

export const TRANSPORT_MESSAGES = {
  tooLarge: 'This request is too large.',
  lengthRequired: 'This request must say its length.',
  timedOut: 'This request took too long to arrive. Please try again.',
} as const

export function isUploadForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')
}

/** The size and time limits of a request's body, by its family. */
export function bodyLimits(config: Pick<Config, 'BODY_TIMEOUT_MS' | 'UPLOAD_BODY_TIMEOUT_MS'>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers['content-length']
    const chunked = req.headers['transfer-encoding'] !== undefined
    if (!chunked && (declared === undefined || Number(declared) === 0)) return next()
    const upload = isUploadForm(req)
    if (!upload && declared === undefined) return refuse(res, 411, TRANSPORT_MESSAGES.lengthRequired)
    if (declared !== undefined && Number(declared) > (upload ? MAX_UPLOAD_BODY_BYTES : MAX_FORM_BODY_BYTES)) {
      return refuse(res, 413, upload ? UPLOAD_MESSAGES.tooLarge : TRANSPORT_MESSAGES.tooLarge)
    }
    const timer = setTimeout(
      () => endUnfinished(req, res),
      upload ? config.UPLOAD_BODY_TIMEOUT_MS : config.BODY_TIMEOUT_MS,
    )
    const done = () => clearTimeout(timer)
    req.once('end', done)
    req.once('close', done)
    // A route may answer before it reads the body (a redirect): the limit still holds for the
    // body, which would otherwise keep the connection until Node's own requestTimeout.
    res.once('close', () => {
      if (req.complete) done()
    })
    next()
  }
}

/**
 * Refused unread: the connection closes once answered, so the body that follows is never
 * read as the next request, and no route waits for it.
 */
function refuse(res: Response, status: number, message: string) {
  res.status(status).set({ connection: 'close', 'cache-control': 'no-store' }).type('text/plain').send(message)
}

const TIMED_OUT = Buffer.from(TRANSPORT_MESSAGES.timedOut)
const TIMED_OUT_ANSWER = Buffer.concat([
  Buffer.from(
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nCache-Control: no-store\r\n' +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${TIMED_OUT.length}\r\n\r\n`,
  ),
  TIMED_OUT,
])

/**
 * The body is not all there in time: answered 408 on the socket and the connection closed, as
 * Node does when its requestTimeout passes. The answer does not go through `res`: the route
 * still waiting for the body must see the client gone (the response closed unfinished aborts
 * the request's signal), not a response it would then try to write again.
 */
function endUnfinished(req: IncomingMessage, res: ServerResponse) {
  if (req.complete) return
  const socket = req.socket
  if (!res.headersSent && socket.writable) socket.write(TIMED_OUT_ANSWER)
  socket.destroy()
}
