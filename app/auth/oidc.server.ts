/**
 * Sign-in with the OpenID provider found by discovery (`OIDC_ISSUER`): the embedded one
 * or Keycloak, the same code (docs/architecture.md, 8). remix-auth-oauth2 runs the authorization
 * code flow with PKCE S256 and keeps `state` and the code verifier in its own cookie;
 * the nonce is an HMAC of that state under the session secret, so it is bound to the
 * same browser cookie without another one. The ID token is checked here (id-token.server.ts).
 */
import crypto from 'node:crypto'
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'
import { Authenticator } from 'remix-auth'
import { CodeChallengeMethod, OAuth2Strategy } from 'remix-auth-oauth2'
import { z } from 'zod'
import type { Config } from '../../lib/env'
import type { SessionTokens } from '../../lib/session-schemas'
import { verifyIdToken, type IdTokenClaims } from './id-token.server'

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  end_session_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).default(['RS256']),
  code_challenge_methods_supported: z.array(z.string()).optional(),
})
export type Discovery = z.infer<typeof DiscoverySchema>

/** What a finished sign-in hands the callback route. */
export type SignIn = { claims: IdTokenClaims; tokens: SessionTokens }

type OAuthTokens = Awaited<ReturnType<OAuth2Strategy<SignIn>['refreshToken']>>

class OidcStrategy extends OAuth2Strategy<SignIn> {
  override name = 'oidc'
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    verify: ConstructorParameters<typeof OAuth2Strategy<SignIn>>[1],
    private readonly nonceFor: (state: string) => string,
  ) {
    super(options, verify)
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params)
    next.set('nonce', this.nonceFor(params.get('state') ?? ''))
    // Every sign-in asks for the password again: a provider session outliving the portal's
    // (an idle timeout on a shared kiosk, a logout whose provider call failed) signs nobody in.
    next.set('prompt', 'login')
    return next
  }
}

export type Oidc = {
  discovery: Discovery
  authenticator: Authenticator<SignIn>
  /** The name prefix of the strategy's state cookies (one per sign-in started). */
  stateCookieName: string
  refresh: (refreshToken: string, previous: SessionTokens) => Promise<SessionTokens>
  /**
   * Keycloak's server-side logout: the refresh token, with the client's credentials, to
   * the logout endpoint ends the provider session. False when the provider did not confirm.
   */
  logout: (refreshToken: string) => Promise<boolean>
  /** RP-initiated logout: where the browser ends the provider's session, or null if the provider has none. */
  endSessionUrl: (idToken: string) => string | null
}

function sessionTokens(tokens: OAuthTokens, previousIdToken?: string): SessionTokens {
  const data = tokens.data as { id_token?: unknown }
  const idToken = typeof data.id_token === 'string' ? data.id_token : previousIdToken
  if (!idToken) throw new Error('the provider returned no ID token')
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.refreshToken(),
    idToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt().toISOString(),
  }
}

async function discover(config: Config): Promise<Oidc> {
  const { issuer, clientId, clientSecret } = config.oidc
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`OpenID discovery failed at ${issuer} (${response.status})`)
  const discovery = DiscoverySchema.parse(await response.json())
  // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched from.
  if (discovery.issuer.replace(/\/+$/, '') !== issuer)
    throw new Error(`OpenID discovery at ${issuer} names another issuer`)
  if (discovery.code_challenge_methods_supported && !discovery.code_challenge_methods_supported.includes('S256')) {
    throw new Error('the OpenID provider does not support PKCE S256')
  }

  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(discovery.jwks_uri))
  // The current secret's key makes the nonce; a sign-in started before a SESSION_SECRET rotation
  // comes back with a previous one's (docs/operations.md, Rotating secrets).
  const [nonceKey, ...previousNonceKeys] = [config.sessionSecret, ...config.SESSION_SECRET_PREVIOUS].map((secret) =>
    Buffer.from(crypto.hkdfSync('sha256', secret, 'oidc', 'sign-in nonce', 32)),
  )
  const nonceWith = (key: Buffer, state: string) => crypto.createHmac('sha256', key).update(state).digest('base64url')
  const nonceFor = (state: string) => nonceWith(nonceKey!, state)
  const expectations = { keys, issuer, audience: clientId, algorithms: discovery.id_token_signing_alg_values_supported }
  const stateCookieName = config.production ? '__Host-oauth2' : 'oauth2'

  const strategy = new OidcStrategy(
    {
      clientId,
      clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      tokenRevocationEndpoint: discovery.revocation_endpoint,
      redirectURI: `${config.publicUrl}/login/callback`,
      scopes: ['openid'],
      // spec 6 and docs/security.md: S256 only, never `plain`.
      codeChallengeMethod: CodeChallengeMethod.S256,
      // Ten minutes: the provider's login interaction lasts as long.
      cookie: {
        name: stateCookieName,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 600,
        ...(config.production ? { secure: true as const } : {}),
      },
    },
    async ({ request, tokens }) => {
      // The strategy has already matched this state against the browser's cookie.
      const state = new URL(request.url).searchParams.get('state') ?? ''
      const signIn = sessionTokens(tokens)
      const nonces = [nonceFor(state), ...previousNonceKeys.map((key) => nonceWith(key, state))]
      const claims = await verifyIdToken(signIn.idToken, { ...expectations, nonce: nonces })
      return { claims, tokens: signIn }
    },
    nonceFor,
  )
  const authenticator = new Authenticator<SignIn>()
  authenticator.use(strategy, 'oidc')

  return {
    discovery,
    authenticator,
    stateCookieName,
    async refresh(refreshToken, previous) {
      const tokens = await strategy.refreshToken(refreshToken)
      const next = sessionTokens(tokens, previous.idToken)
      // A new ID token from a refresh is checked like the first one, without a nonce (OIDC Core 12.2).
      if (next.idToken !== previous.idToken) await verifyIdToken(next.idToken, expectations)
      return next
    },
    async logout(refreshToken) {
      if (!discovery.end_session_endpoint) return false
      const credentials = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`
      try {
        const response = await fetch(discovery.end_session_endpoint, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ client_id: clientId, refresh_token: refreshToken }),
          signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
        })
        return response.status === 204 || response.status === 200
      } catch {
        return false
      }
    },
    endSessionUrl(idToken) {
      if (!discovery.end_session_endpoint) return null
      const url = new URL(discovery.end_session_endpoint)
      url.searchParams.set('id_token_hint', idToken)
      url.searchParams.set('post_logout_redirect_uri', `${config.publicUrl}/`)
      url.searchParams.set('client_id', clientId)
      return url.toString()
    },
  }
}

// Longer and the user waits on a logout the browser can finish instead (app/routes/auth/logout.tsx).
const LOGOUT_TIMEOUT_MS = 5_000

const discovered = new WeakMap<Config, Promise<Oidc>>()

/** The provider's settings, discovered on first use and kept; a failed discovery is tried again next time. */
export function oidcFor(config: Config): Promise<Oidc> {
  let pending = discovered.get(config)
  if (!pending) {
    pending = discover(config)
    pending.catch(() => discovered.delete(config))
    discovered.set(config, pending)
  }
  return pending
}
