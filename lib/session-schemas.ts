/**
 * The sessions service's call bodies and answers (docs/decisions/0008). Shared by the
 * service, which validates every body, and the portal's client, which parses every
 * answer. The session id travels in bodies, never in a path: paths end up in logs.
 */
import { z } from 'zod'

/** base64url of 32 random bytes (256 bits). */
export const SessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a session id')

export const SessionTokensSchema = z.object({
  accessToken: z.string().min(1).max(8192),
  refreshToken: z.string().min(1).max(8192),
  idToken: z.string().min(1).max(16384),
  /** When the access token stops working (ISO 8601). */
  accessTokenExpiresAt: z.iso.datetime({ offset: true }),
})
export type SessionTokens = z.infer<typeof SessionTokensSchema>

export const CreateSessionSchema = z.object({
  sub: z.string().min(1).max(255),
  roles: z.array(z.string().min(1).max(100)).max(50),
  displayName: z.string().max(200),
  tokens: SessionTokensSchema,
  idleTimeoutSeconds: z
    .number()
    .int()
    .min(60)
    .max(24 * 60 * 60),
  absoluteTimeoutSeconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 60 * 60),
})
export type CreateSession = z.infer<typeof CreateSessionSchema>

export const SessionRefSchema = z.object({ sessionId: SessionIdSchema })

/**
 * New tokens from a refresh, with the roles and name their ID token now states (linking
 * an account makes an applicant a customer; unlinking the last one undoes it).
 */
export const UpdateTokensSchema = z.object({
  sessionId: SessionIdSchema,
  tokens: SessionTokensSchema,
  roles: CreateSessionSchema.shape.roles.optional(),
  displayName: CreateSessionSchema.shape.displayName.optional(),
})
export type SessionIdentity = { roles: string[]; displayName: string }

/** Whether this caller may redeem the session's refresh token now (sessions service, beginRefresh). */
export const BeginRefreshSchema = z.object({ sessionId: SessionIdSchema, refreshToken: z.string().min(1).max(8192) })

export const RefreshClaimSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('granted') }),
  z.object({ state: z.literal('busy') }),
  z.object({ state: z.literal('rotated'), tokens: SessionTokensSchema }),
])
export type RefreshClaim = z.infer<typeof RefreshClaimSchema>

export const SessionViewSchema = z.object({
  sub: z.string(),
  roles: z.array(z.string()),
  displayName: z.string(),
  tokens: SessionTokensSchema,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
})
export type SessionView = z.infer<typeof SessionViewSchema>

export const CreatedSessionSchema = z.object({ sessionId: SessionIdSchema, session: SessionViewSchema })
