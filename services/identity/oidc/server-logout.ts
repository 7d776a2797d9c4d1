/**
 * Keycloak's server-side logout (spec 3: the logout body is the tokens): a confidential
 * client POSTs its refresh token, with its credentials, to the realm's logout endpoint,
 * and the user's provider session ends with everything issued under it. No browser
 * trip: nothing to click without JavaScript, and no ID token in a URL (and so in a
 * shared browser's history). oidc-provider only knows the browser flow, so this answers
 * a POST with client credentials before the library sees it; any other request to the
 * endpoint (RP-initiated logout from a browser) goes on to the library.
 */
import crypto from 'node:crypto'
import express, { type NextFunction, type Request, type Response } from 'express'
import type Provider from 'oidc-provider'
import type { Logger } from 'pino'

export type ClientCredentials = { clientId: string; clientSecret: string }

function sameSecret(a: string, b: string) {
  const left = crypto.createHash('sha256').update(a).digest()
  const right = crypto.createHash('sha256').update(b).digest()
  return crypto.timingSafeEqual(left, right)
}

const BASIC = /^Basic ([A-Za-z0-9+/=]+)$/

/** client_secret_basic (RFC 6749 2.3.1: each part form-encoded, then Basic), the client's registered method. */
function presentedCredentials(req: Request): ClientCredentials | null {
  const basic = BASIC.exec(req.get('authorization') ?? '')
  if (!basic) return null
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
    }
  } catch {
    return null
  }
}

// A refresh token and little else.
const formBody = express.urlencoded({ extended: false, limit: '16kb' })

export function serverLogout(provider: Provider, client: ClientCredentials, logger: Logger) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // A browser's RP-initiated logout never carries client credentials: that one is the
    // library's, body untouched.
    if (req.method !== 'POST' || !BASIC.test(req.get('authorization') ?? '')) return next()
    res.set('cache-control', 'no-store')
    try {
      await new Promise<void>((resolve, reject) =>
        formBody(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
      )
    } catch (error) {
      return next(error)
    }
    const refreshToken: unknown = (req.body as Record<string, unknown> | undefined)?.refresh_token
    if (typeof refreshToken !== 'string' || refreshToken === '') {
      res.status(400).json({ error: 'invalid_request', error_description: 'refresh_token is required' })
      return
    }

    const presented = presentedCredentials(req)
    if (
      !presented ||
      presented.clientId !== client.clientId ||
      !sameSecret(presented.clientSecret, client.clientSecret)
    ) {
      res.status(401).json({ error: 'invalid_client', error_description: 'client authentication failed' })
      return
    }
    try {
      const token = await provider.RefreshToken.find(refreshToken)
      if (!token || token.clientId !== client.clientId || token.isExpired) {
        res.status(400).json({ error: 'invalid_grant', error_description: 'invalid refresh token' })
        return
      }
      const { grantId, sessionUid } = token
      if (grantId) {
        await Promise.all([
          provider.AccessToken.revokeByGrantId(grantId),
          provider.RefreshToken.revokeByGrantId(grantId),
          provider.AuthorizationCode.revokeByGrantId(grantId),
          provider.Grant.adapter.destroy(grantId),
        ])
      }
      // The browser's provider session: without this, the next /login on the same browser
      // (a kiosk) would sign the previous user straight back in.
      const session = sessionUid ? await provider.Session.findByUid(sessionUid) : undefined
      if (session) await session.destroy()
      logger.info({ grantId, session: Boolean(session) }, 'provider session ended by the client')
      res.status(204).end()
    } catch (error) {
      next(error)
    }
  }
}
