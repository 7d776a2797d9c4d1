/**
 * The AutoPay calls (spec 7: the auto-debit token, auto-debit enrol DELETE and verify POST;
 * spec 8's AutoPay messages; docs/decisions/0043), all as the signed-in customer: an account
 * the bearer token does not list is refused (403, as billing and payments answer), and
 * AutoPay is for the product's fibre accounts only (spec 5).
 *   GET    /v1/paynamics/ada?accountNumber=              the account's AutoPay (AutopayView)
 *   POST   /v1/paynamics/ada/token?accountNumber=        { data: base64 of the JSON enrolment body
 *                                                        { accountNumber?, returnPath?, email? } }:
 *                                                        starts set-up, answers the gateway's card page
 *   POST   /v1/paynamics/ada/verify                      { accountNumber, amount }: the amount charged
 *   POST   /v1/paynamics/ada/change-card?accountNumber=  the token call's body: old card deleted, new set-up
 *   DELETE /v1/paynamics/ada?accountNumber=              unenrol: { autopay, effectiveAfter }
 * Operator channel only:
 *   POST   /v1/operator/autopay/run                      the due-date job, now, for the clock's today
 * Success is `{ status: true, data }`; failures the common envelope, `status: false`.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema } from '../../../lib/identity-schemas.ts'
import { HEADER } from '../../../lib/signature.ts'
import { OPERATOR_CHANNEL } from '../../applications/tracking-routes.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../../bearer.ts'
import { ok, ServiceError } from '../../errors.ts'
import { fieldErrorsOf, readJsonBody } from '../../validation.ts'
import type { AutopayCharges } from './charges.ts'
import { AUTOPAY_MESSAGES, type AutopayService, type EnrolmentRequest } from './service.ts'

export const AUTOPAY_PATH = '/v1/paynamics/ada'

const PortalPathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/, 'A path inside the portal')

/** The enrolment body inside the token call's `data` (spec 7: base64 of its JSON). */
export const EnrolmentBodySchema = z.object({
  accountNumber: AccountNumberSchema.optional(),
  returnPath: PortalPathSchema.optional(),
  email: z.email().max(254).optional(),
})

const TokenBodySchema = z.object({ data: z.string().min(1).max(8000) })

const VerifyBodySchema = z.object({
  accountNumber: AccountNumberSchema,
  amount: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}(\.\d{1,2})?$/, 'An amount like 3.47')
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .positive('Type the amount your bank showed')
        .max(10_000)
        .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Pesos with at most two decimals'),
    ),
})

const AccountQuerySchema = z.object({ accountNumber: AccountNumberSchema })

function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query())
  if (parsed.success) return parsed.data
  throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
}

/** The token call's body: `data` is base64 of the enrolment's JSON, for this account. */
async function readEnrolment(c: Context, accountNumber: string): Promise<EnrolmentRequest> {
  const { data } = await readJsonBody(c, TokenBodySchema)
  const invalid = (message: string) =>
    new ServiceError(422, 'invalid_input', AUTOPAY_MESSAGES.invalidEnrolment, { data: [message] })
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(data)) throw invalid('Not base64.')
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(data, 'base64').toString('utf8'))
  } catch {
    throw invalid('Not base64 of JSON.')
  }
  const parsed = EnrolmentBodySchema.safeParse(json)
  if (!parsed.success) {
    throw new ServiceError(422, 'invalid_input', AUTOPAY_MESSAGES.invalidEnrolment, fieldErrorsOf(parsed.error))
  }
  if (parsed.data.accountNumber !== undefined && parsed.data.accountNumber !== accountNumber) {
    throw invalid('The account number differs from the query’s.')
  }
  return { returnPath: parsed.data.returnPath, email: parsed.data.email }
}

export function autopayRoutes(
  deps: { accessTokens: AccessTokenVerifier },
  autopay: { service: AutopayService; charges: AutopayCharges },
) {
  const { service, charges } = autopay
  const app = new Hono<BearerEnv>()
  for (const path of [AUTOPAY_PATH, `${AUTOPAY_PATH}/*`]) {
    app.use(path, async (c, next) => {
      await next()
      c.header('cache-control', 'no-store')
    })
    app.use(path, requireCaller(deps.accessTokens))
  }
  app.use('/v1/operator/autopay/*', async (c, next) => {
    if (c.req.header(HEADER.channel) !== OPERATOR_CHANNEL) {
      throw new ServiceError(403, 'forbidden', 'Operator calls need the operator channel.')
    }
    await next()
  })

  const account = (c: Context) => readQuery(c, AccountQuerySchema).accountNumber

  app.get(AUTOPAY_PATH, async (c) => c.json(ok(await service.details(c.get('caller'), account(c)))))

  app.post(`${AUTOPAY_PATH}/token`, async (c) => {
    const accountNumber = account(c)
    const request = await readEnrolment(c, accountNumber)
    return c.json(ok(await service.enrol(c.get('caller'), accountNumber, request)))
  })

  app.post(`${AUTOPAY_PATH}/change-card`, async (c) => {
    const accountNumber = account(c)
    const request = await readEnrolment(c, accountNumber)
    return c.json(ok(await service.changeCard(c.get('caller'), accountNumber, request)))
  })

  app.post(`${AUTOPAY_PATH}/verify`, async (c) => {
    const { accountNumber, amount } = await readJsonBody(c, VerifyBodySchema)
    return c.json(ok(await service.verify(c.get('caller'), accountNumber, amount)))
  })

  app.delete(AUTOPAY_PATH, async (c) => c.json(ok(await service.cancel(c.get('caller'), account(c)))))

  app.post('/v1/operator/autopay/run', async (c) => c.json(ok(await charges.run())))

  return app
}
