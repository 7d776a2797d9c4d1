/**
 * The referral calls (issue 15; spec 3's referral payload; docs/decisions/0048). As the
 * signed-in user, for an account their bearer token lists (403 otherwise, before anything is
 * read); account numbers, referral ids and invite codes ride in the query or the body, never
 * in the path (the gateway and the request log write paths).
 *
 *   GET  /v1/referrals?accountNumber=              programme, eligibility, invite, referrals, used this month
 *   POST /v1/referrals/eligibility/send            { accountNumber, channel }      a one-time code; the eligibility
 *   POST /v1/referrals/eligibility/verify          { accountNumber, reference, otp }  { confirmed: true }
 *   POST /v1/referrals                             { accountNumber, referral }     201 { status, referralId, referenceNum }; 200 the same check again
 *   POST /v1/referrals/notify                      { accountNumber, referralId }   the invitation again
 * Public (a visitor, no token), as the coverage lead is:
 *   GET  /v1/referrals/video                       { title, url, captionsUrl }
 *   GET  /v1/referrals/invite?code=                { referrerFirstName }, 404 for a dead code
 *   POST /v1/referrals/winback                     a former subscriber's request: 201 { status, referralId }; 200 again
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema, OtpChannelSchema, OtpCodeSchema } from '../../lib/identity-schemas.ts'
import { InviteCodeSchema, ReferralPayloadSchema, WinbackPayloadSchema } from '../../lib/referrals.ts'
import { requireCaller, requireOwnAccount, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { fieldErrorsOf, readJsonBody } from '../validation.ts'
import { REFERRAL_MESSAGES } from './messages.ts'
import { createReferralsService, type ReferralsService } from './service.ts'

const AccountQuerySchema = z.object({ accountNumber: AccountNumberSchema })
const InviteQuerySchema = z.object({ code: InviteCodeSchema })
const SendSchema = z.strictObject({ accountNumber: AccountNumberSchema, channel: OtpChannelSchema })
const VerifySchema = z.strictObject({
  accountNumber: AccountNumberSchema,
  reference: z.string().min(1).max(100),
  otp: OtpCodeSchema,
})
const SubmitSchema = z.strictObject({ accountNumber: AccountNumberSchema, referral: ReferralPayloadSchema })
const NotifySchema = z.strictObject({ accountNumber: AccountNumberSchema, referralId: z.string().min(1).max(64) })

function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query())
  if (parsed.success) return parsed.data
  throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
}

export function referralRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: ReferralsService = createReferralsService(deps),
) {
  const app = new Hono<BearerEnv>()
  const signedIn = requireCaller(deps.accessTokens)
  // Answers about a person's referrals and codes are never stored by a cache on the way.
  app.use('/v1/referrals', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })
  app.use('/v1/referrals/*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })

  /** The account number, once the caller's token lists it. */
  const own = (c: Context<BearerEnv>, accountNumber: string) => {
    requireOwnAccount(c.get('caller'), accountNumber)
    return accountNumber
  }

  app.get('/v1/referrals', signedIn, async (c) => {
    const { accountNumber } = readQuery(c, AccountQuerySchema)
    return c.json(ok(await service.summary(c.get('caller'), own(c, accountNumber))))
  })

  app.post('/v1/referrals/eligibility/send', signedIn, async (c) => {
    const { accountNumber, channel } = await readJsonBody(c, SendSchema)
    return c.json(ok(await service.sendCode(c.get('caller'), own(c, accountNumber), channel)))
  })

  app.post('/v1/referrals/eligibility/verify', signedIn, async (c) => {
    const { accountNumber, reference, otp } = await readJsonBody(c, VerifySchema)
    return c.json(ok(await service.verifyCode(c.get('caller'), own(c, accountNumber), reference, otp)))
  })

  app.post('/v1/referrals', signedIn, async (c) => {
    const { accountNumber, referral } = await readJsonBody(c, SubmitSchema)
    const { created, answer } = await service.submit(c.get('caller'), own(c, accountNumber), referral)
    return c.json(ok(answer), created ? 201 : 200)
  })

  app.post('/v1/referrals/notify', signedIn, async (c) => {
    const { accountNumber, referralId } = await readJsonBody(c, NotifySchema)
    return c.json(ok(await service.notify(c.get('caller'), own(c, accountNumber), referralId)))
  })

  app.get('/v1/referrals/video', (c) => c.json(ok(service.video())))

  app.get('/v1/referrals/invite', async (c) => {
    // A malformed code is as dead as an unknown one: the same 404.
    const parsed = InviteQuerySchema.safeParse(c.req.query())
    if (!parsed.success) throw new ServiceError(404, 'invite_not_found', REFERRAL_MESSAGES.inviteNotFound)
    return c.json(ok(await service.invite(parsed.data.code)))
  })

  app.post('/v1/referrals/winback', async (c) => {
    const payload = await readJsonBody(c, WinbackPayloadSchema)
    const { created, answer } = await service.winback(payload)
    return c.json(ok(answer), created ? 201 : 200)
  })

  return app
}
