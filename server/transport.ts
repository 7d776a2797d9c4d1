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
 *   closed (lib/transport.ts limitBodyTime). The route reading it then sees the body fail as
 *   if the client had gone (the request's signal aborted), and readUploadForm removes what it
 *   had spooled.
 */
import type { IncomingMessage } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import type { Config } from '../lib/env.ts'
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_MESSAGES } from '../lib/documents.ts'
import { carriesBody, limitBodyTime } from '../lib/transport.ts'

/** The most a body other than an upload form may hold: the longest form is a few KB. */
export const MAX_FORM_BODY_BYTES = 1024 * 1024

export const TRANSPORT_MESSAGES = {
  tooLarge: 'This request is too large.',
  lengthRequired: 'This request must say its length.',
} as const

export function isUploadForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')
}

/** The size and time limits of a request's body, by its family. */
export function bodyLimits(config: Pick<Config, 'BODY_TIMEOUT_MS' | 'UPLOAD_BODY_TIMEOUT_MS'>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!carriesBody(req)) return next()
    const upload = isUploadForm(req)
    const declared = req.headers['content-length']
    if (!upload && declared === undefined) return refuse(res, 411, TRANSPORT_MESSAGES.lengthRequired)
    if (declared !== undefined && Number(declared) > (upload ? MAX_UPLOAD_BODY_BYTES : MAX_FORM_BODY_BYTES)) {
      return refuse(res, 413, upload ? UPLOAD_MESSAGES.tooLarge : TRANSPORT_MESSAGES.tooLarge)
    }
    limitBodyTime(req, res, upload ? config.UPLOAD_BODY_TIMEOUT_MS : config.BODY_TIMEOUT_MS)
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
