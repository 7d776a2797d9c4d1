/**
 * The embedded OpenID provider (docs/architecture.md, 8): oidc-provider shaped like a Keycloak
 * realm (same paths, same claims), so the portal reaches it and a real Keycloak through
 * discovery alone. State lives in Postgres (adapter.ts), keys too (keys.ts); the login
 * screen is the portal's own route (/login/interaction/:uid).
 */
import crypto from 'node:crypto'
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { Logger } from 'pino'
import type { Config } from '../../../lib/env.ts'
import type { Database } from '../../db/client.ts'
import { postgresAdapter } from './adapter.ts'
import type { IdentityClaims, IdentityDirectory } from './directory-contract.ts'
import { storedKeys } from '../../bearer.ts'
import { loadSigningKeys, publicSigningKeys } from './keys.ts'
import { errorPage, logoutPage, signedOutPage } from './pages.ts'
import { userinfo } from './userinfo.ts'
import { INTERACTION_COOKIE } from '../../../lib/identity-interaction.ts'

/** Keycloak's endpoint paths below the realm (`/realms/{realm}`). */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
  userinfo: '/protocol/openid-connect/userinfo',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
} as const

/** Where the portal renders the login screen; the interaction cookie is scoped to it. */
export const INTERACTION_PATH = '/login/interaction'

// Keycloak's realm attributes as the portal reads them; a Keycloak realm maps the same
// user attributes with "User Attribute" mappers (docs/decisions/0005-embedded-openid-provider.md).
const ATTRIBUTE_CLAIMS = [
  'accountNumber',
  // Linked accounts awaiting proof of ownership (docs/security.md, Ownership proof).
  'unverifiedAccountNumber',
  'activeAccountNumber',
  'displayCoachmarks',
  'displayWelcomeBanner',
  'displaySuccessRegistration',
  'agentCode',
] as const

/** The one scope of the upstream resource; Keycloak's tokens say `openid` as well. */
const UPSTREAM_SCOPE = 'openid'

/** Lifetimes in seconds. Short tokens, refresh tokens rotating within an 8-hour idle window. */
export const TOKEN_LIFETIMES = {
  AccessToken: 5 * 60,
  IdToken: 5 * 60,
  AuthorizationCode: 60,
  // Time to type a password, and no more.
  Interaction: 10 * 60,
  RefreshToken: 8 * 60 * 60,
  Session: 8 * 60 * 60,
  // The absolute limit of one sign-in, as Keycloak's default SSO session max (10 h).
  Grant: 10 * 60 * 60,
} as const

export type IdentityProviderOptions = {
  config: Config
  db: Database
  directory: IdentityDirectory
  logger: Logger
}

export async function createIdentityProvider({
  config,
  db,
  directory,
  logger,
}: IdentityProviderOptions): Promise<Provider> {
  const { issuer, clientId, clientSecret, realm, audience } = config.oidc
  const mountPath = new URL(issuer).pathname
  const keys = await loadSigningKeys(db)

  // Signed cookies need keys that survive restarts and are shared by every copy: derived
  // from the session secret, separated from its other uses by the label. oidc-provider signs
  // with the first and accepts all: the previous secrets' keys keep a login under way working
  // across a rotation (docs/operations.md, Rotating secrets).
  const cookieKeys = [config.sessionSecret, ...config.SESSION_SECRET_PREVIOUS].map((secret) =>
    Buffer.from(crypto.hkdfSync('sha256', secret, realm, 'oidc-provider cookies', 32)),
  )

  const claimsOf = async (accountId: string): Promise<IdentityClaims | undefined> => {
    const user = await directory.findUser(accountId)
    return user ? directory.claimsFor(user) : undefined
  }

  const configuration: Configuration = {
    adapter: postgresAdapter(db, { alreadyConsumed: (kind) => new errors.InvalidGrant(`${kind} already used`) }),
    jwks: { keys },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: `${config.PRODUCT_NAME} portal`,
        redirect_uris: [`${config.publicUrl}/login/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // spec 6 and docs/security.md (Sign-in): every client must send a code challenge; the
    // library only knows S256, so `plain` is refused as well.
    pkce: { required: () => true },
    routes: KEYCLOAK_ROUTES,
    scopes: ['openid', 'offline_access', 'profile', 'email', 'roles'],
    // Keycloak applies its default client scopes whatever the request asks for: every
    // claim comes with `openid` alone, so it is in the ID token as well as at userinfo;
    // profile, email and roles are accepted as named scopes too.
    claims: {
      openid: ['sub', 'realm_access', ...ATTRIBUTE_CLAIMS, 'given_name', 'family_name', 'email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      email: ['email', 'email_verified'],
      roles: ['realm_access'],
    },
    findAccount: async (_ctx, sub) => {
      const claims = await claimsOf(sub)
      if (!claims) return undefined
      return { accountId: sub, claims: () => claims }
    },
    // Keycloak's access token carries the roles and attributes; so does ours, a JWT the
    // upstream verifies against the published keys (decision 0013).
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || !token.accountId) return undefined
      const claims = await claimsOf(token.accountId)
      if (!claims) return undefined
      const { sub: _sub, ...rest } = claims
      return rest
    },
    // Keycloak issues a refresh token with every code exchange, offline_access or not.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // docs/security.md: refresh tokens rotate; a used one presented again revokes the grant
    // (the library's default revokeGrantPolicy does that on rotated-token reuse).
    rotateRefreshToken: true,
    // The portal is the only client and first-party: no consent screen. A grant for what
    // it asks is made here; the login prompt stays.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx
      if (!oidc.client || !oidc.session?.accountId) return undefined
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId)
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined
      const grant =
        existing ?? new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId })
      grant.addOIDCScope(oidc.requestParamOIDCScopes)
      grant.addOIDCClaims(oidc.requestParamClaims)
      grant.addResourceScope(audience, UPSTREAM_SCOPE)
      await grant.save()
      return grant
    },
    ttl: TOKEN_LIFETIMES,
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    cookies: {
      // Own names: the library's `_session` could meet a portal cookie of that name on /realms.
      names: { session: 'oidc_session', interaction: INTERACTION_COOKIE, resume: 'oidc_resume' },
      keys: cookieKeys,
      // The session cookie is only read by the provider's own endpoints.
      long: { httpOnly: true, sameSite: 'lax', path: mountPath },
      // docs/conventions.md, Stack: the interaction cookie must reach the login route and its `.data`
      // requests (/login/interaction/<uid>.data), which the library's default path
      // (/login/interaction/<uid>) does not match.
      short: { httpOnly: true, sameSite: 'lax', path: INTERACTION_PATH },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      // Decision 0013: every access token is a JWT for the upstream (aud = OIDC_AUDIENCE),
      // as Keycloak's are, whether or not the client names the resource.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget()
          return {
            scope: UPSTREAM_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: TOKEN_LIFETIMES.AccessToken,
          }
        },
      },
      // Advertised in discovery; answered by userinfo.ts, installed below.
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html'
          ctx.body = logoutPage({
            productName: config.PRODUCT_NAME,
            nonce: nonceOf(ctx),
            form,
            // Like Keycloak: a request carrying the client's ID token signs out at once;
            // one without it asks first, so a stray link cannot sign anyone out.
            confirmed: Boolean(ctx.oidc.params?.id_token_hint),
          })
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html'
          ctx.body = signedOutPage({
            productName: config.PRODUCT_NAME,
            nonce: nonceOf(ctx),
            home: `${config.publicUrl}/`,
          })
        },
      },
    },
    // Only the portal's server calls the token endpoint; no browser needs CORS.
    clientBasedCORS: () => false,
    // The library's own page loads a web font from Google (personal data to a third
    // party) and an inline style the CSP refuses: ours uses the request's nonce.
    renderError: (ctx, out) => {
      logger.warn(
        { requestId: requestIdOf(ctx), error: out.error, description: out.error_description },
        'sign-in refused',
      )
      ctx.type = 'html'
      ctx.body = errorPage({
        productName: config.PRODUCT_NAME,
        nonce: nonceOf(ctx),
        home: `${config.publicUrl}/`,
        description: out.error_description,
      })
    },
  }

  const provider = new Provider(issuer, configuration)
  if (config.TRUST_PROXY !== 'false') provider.proxy = true
  // Browsers reach the provider at the public URL: when that is https, its cookies
  // (oidc_session, oidc_interaction, oidc_resume) are Secure whatever the hop before this
  // process spoke, TRUST_PROXY or not (issue 32, item 6). The library marks them Secure when
  // the request is (ctx.secure), and its cookie jar refuses a Secure cookie on a request that
  // is not, so the request is declared secure, not the cookies; nothing else reads it.
  if (new URL(config.publicUrl).protocol === 'https:') {
    Object.defineProperty(provider.request, 'secure', { get: () => true })
  }
  // Ahead of the library's userinfo, which refuses the JWT access tokens (userinfo.ts).
  provider.use(
    userinfo(KEYCLOAK_ROUTES.userinfo, { issuer, audience, keys: storedKeys(() => publicSigningKeys(db)), claimsOf }),
  )
  provider.on('server_error', (ctx, error) =>
    logger.error({ requestId: requestIdOf(ctx), err: error }, 'identity provider error'),
  )
  provider.on('grant.revoked', (_ctx, grantId) => logger.info({ grantId }, 'grant revoked'))
  // Koa prints any other error of a request (a body cut short: issue 32) to stderr unless the
  // app has a listener: one JSON line instead. (The provider's typings list only its own events.)
  const koaEvents = provider as unknown as NodeJS.EventEmitter
  koaEvents.on('error', (error: Error, ctx?: KoaContextWithOIDC) =>
    logger.warn(
      { requestId: ctx && requestIdOf(ctx), err: { message: error.message } },
      'identity provider request failed',
    ),
  )
  return provider
}

/** server.ts puts the CSP nonce and request id on Express's res.locals. */
function locals(ctx: KoaContextWithOIDC) {
  return (ctx.res as unknown as { locals?: { nonce?: string; requestId?: string } }).locals
}
const nonceOf = (ctx: KoaContextWithOIDC) => locals(ctx)?.nonce ?? ''
const requestIdOf = (ctx: KoaContextWithOIDC) => locals(ctx)?.requestId
