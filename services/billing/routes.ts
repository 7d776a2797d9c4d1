/**
 * The billing calls (spec 7, Payments: account details (v2), payment details, bill history,
 * bill statement), all as the signed-in user: an account the bearer token does not list is
 * refused before anything is read (docs/security.md, Access control).
 *   GET /v2/payments/account-details?accountNumber=   holder, address, status, balance
 *   GET /v1/payments/payment-details?accountNumber=   amount due, due date, last payment
 *   GET /v1/payments/bill-history?accountNumber=      bills (empty until the first payment), statement months
 *   GET /v1/payments/bill-statement?accountNumber=&month=YYYY-MM   the month's statement, application/pdf
 * The account number rides in the query, as spec 7's auto-debit call carries it; the
 * gateway logs paths only.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema } from '../../lib/identity-schemas.ts'
import { STATEMENT_MONTH } from '../../lib/billing.ts'
import { requireCaller, requireOwnAccount, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { fieldErrorsOf } from '../validation.ts'
import { BILLING_MESSAGES, createBillingService, type BillingService } from './service.ts'

const AccountQuerySchema = z.object({ accountNumber: AccountNumberSchema })
const StatementQuerySchema = z.object({
  accountNumber: AccountNumberSchema,
  month: z.string().regex(STATEMENT_MONTH, BILLING_MESSAGES.invalidMonth),
})

function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query())
  if (parsed.success) return parsed.data
  throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
}

export function billingRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: BillingService = createBillingService(deps),
) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/payments/*', requireCaller(deps.accessTokens))
  app.use('/v2/payments/*', requireCaller(deps.accessTokens))

  /** The query's account number, once the caller's token lists it. */
  const ownAccount = (c: Context<BearerEnv>) => {
    const { accountNumber } = readQuery(c, AccountQuerySchema)
    requireOwnAccount(c.get('caller'), accountNumber)
    return accountNumber
  }

  app.get('/v2/payments/account-details', async (c) => c.json(ok(await service.accountDetails(ownAccount(c)))))
  app.get('/v1/payments/payment-details', async (c) => c.json(ok(await service.paymentDetails(ownAccount(c)))))
  app.get('/v1/payments/bill-history', async (c) => c.json(ok(await service.billHistory(ownAccount(c)))))

  app.get('/v1/payments/bill-statement', async (c) => {
    const accountNumber = ownAccount(c)
    const { month } = readQuery(c, StatementQuerySchema)
    const { fileName, pdf } = await service.statementPdf(accountNumber, month)
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    })
  })

  return app
}
