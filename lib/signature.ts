/**
 * Upstream request signing, shared by the portal's client and the reference gateway.
 *
 * - `hmac` (default): HMAC-SHA256 over method, path with query, request id, timestamp
 *   and the SHA-256 of the body. The secret never travels; a clock window and a
 *   replay check on the request id bound what a captured request can do.
 * - `legacy` (spec 7): base64 of channel, secret and request id. Anyone who sees one
 *   header learns the secret, so it exists only for gateways that expect it.
 */
import crypto from 'node:crypto'

export type SignatureScheme = 'hmac' | 'legacy'

export const HEADER = {
  channel: 'x-channel-name',
  requestId: 'x-request-id',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
  /**
   * The end user's address as the portal saw it, for per-address backstop limits. Not
   * signed: only a caller holding the upstream secret can reach the services at all.
   */
  clientAddress: 'x-client-address',
  /**
   * The portal request a call is made for (issue 17: its id in both sides' log lines). Not
   * signed, and only ever logged: the upstream takes it when it looks like an id.
   */
  correlationId: 'x-correlation-id',
} as const

export type SignatureInput = {
  scheme: SignatureScheme
  secret: string
  channel: string
  method: string
  pathWithQuery: string
  requestId: string
  timestamp: number
  body: string | Uint8Array
  /**
   * A streamed body's SHA-256 (hex), signed in place of hashing `body` (docs/decisions/0031):
   * the sender hashed the bytes before sending, the receiver checks them as they stream in.
   */
  bodySha256?: string
}

export function sha256Hex(body: string | Uint8Array): string {
  return crypto.createHash('sha256').update(body).digest('hex')
}

export function computeSignature(input: SignatureInput): string {
  if (input.scheme === 'legacy') {
    return Buffer.from(`${input.channel}:${input.secret}:${input.requestId}`).toString('base64')
  }
  const canonical = [
    input.method.toUpperCase(),
    input.pathWithQuery,
    input.requestId,
    String(input.timestamp),
    input.bodySha256 ?? sha256Hex(input.body),
  ].join('\n')
  return 'v1=' + crypto.createHmac('sha256', input.secret).update(canonical).digest('hex')
}

export function newRequestId(): string {
  return crypto.randomUUID()
}
