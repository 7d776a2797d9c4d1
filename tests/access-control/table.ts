/**
 * The access-control matrix (issue 32, item 7; docs/security.md, Access control): the
 * project's one table of every portal route and every upstream call that takes an id
 * (account, bill, statement, payment, application, document, ticket, notification,
 * referral, device, and the drafts, carts and files an application is made of), and what
 * each role gets from it. server/access-control.integration.test.ts makes one test per
 * cell from it, hitting the real route with the role's real session (or the real call with
 * the role's real access token), and fails for any route or call with a path parameter
 * that has no row here.
 *
 * The ids are those of resources owned by customer A (CARLOS, customer@example.com, accounts
 * 1000000000001 and 1000000000002) or by agent team 1 (MARIA SANTOS's team: JOSE, AGT-0001;
 * README.md, Demo users). The agent of another team is one the test seeds (AGT-0901, under a
 * TSM of their own).
 */

export const ROLES = [
  'anonymous',
  'applicant',
  'customerA',
  'customerB',
  'agent',
  'otherTeamAgent',
  'salesAdmin',
  'operator',
] as const
export type Role = (typeof ROLES)[number]

/**
 * What one role gets. `allowed`: a 2xx, or the redirect a row names as its way on
 * (`allowedTo`: a wizard page without a draft goes to the flow's first step).
 * Refused: `login` (302 to /login?redirectTo=…), `home` (302 to the role's own home, spec 4:
 * the guard's or requireRole's answer to a role without access), `back` (302 to the page the
 * row names in `backTo`, which says no), `sales` (302 to the same step of the sales flow, the
 * row's `salesTo`: an agent on the public wizard, issue 33), or a status: 404 for an id that is not the caller's
 * (the answer of an unknown id), 401 without a bearer token, 403 for a role or channel that
 * may not make the call at all, or for an account the caller's token does not list (the
 * portal refuses before asking, the same for an account that exists and one that does not).
 * A few rows use another status their owners get too (400, 409): the id itself is refused
 * for everyone, so the row proves that nobody else gets more.
 */
export type Outcome = 'allowed' | 'login' | 'home' | 'back' | 'sales' | 400 | 401 | 403 | 404 | 409

export type Cells = Record<Role, Outcome>

/** The ids the rows use, made by the test before the first cell (owned by customer A or team 1). */
export type Fixtures = {
  /** Customer A's account (also B's "someone else's account"). */
  account: string
  /** A month with a statement on customer A's account (YYYY-MM). */
  statementMonth: string
  /** A notification in customer A's inbox. */
  notificationId: string
  /** A help ticket customer A filed on their account. */
  ticketReference: string
  /** The concern type and sub-type it was filed under. */
  concernType: string
  concernSubType: string
  /** A payment customer A started (signed in) on their account. */
  paymentId: string
  /** Its counter reference (PAY-…), posted by the operator channel only. */
  paymentReference: string
  /** A referral customer A made. */
  referralId: string
  /** The referee's first name on that referral: shown to customer A only. */
  refereeName: string
  /** The modem of customer A's account. */
  deviceId: string
  /** An application filed by agent team 1 (JOSE, AGT-0001), for compliance. */
  applicationRef: string
  /** Its applicant's email: with the reference, the public status lookup's proof. */
  applicationEmail: string
  /** A draft customer A claimed (the wizard's, signed in). */
  draftId: string
  /** A cart. */
  cartId: string
  /** Customer A's account whose modem the test silences, with A's no-internet report on it (issue 37, item 6). */
  repairAccount: string
  repairReportId: string
  /** The ticket that report opened, and an open crew slot for its visit. */
  repairTicket: string
  repairSlotId: string
  /** An incident the test opened as the operator (issue 37, item 2), in Bel-Air, Makati. */
  incidentId: string
}

export type ResourceKind =
  | 'account'
  | 'bill'
  | 'statement'
  | 'payment'
  | 'application'
  | 'document'
  | 'ticket'
  | 'notification'
  | 'referral'
  | 'device'
  | 'draft'
  | 'cart'
  | 'reference data'
  | 'link token'
  | 'incident'

export type PortalRow = {
  /** The route's path as app/routes.ts declares it (no leading slash), and the method. */
  route: string
  method: 'GET' | 'POST'
  /** Query parameters of this route that carry an id (the completeness check reads them). */
  idQuery?: string[]
  resource: ResourceKind
  request: (f: Fixtures) => { path: string; form?: Record<string, string> }
  cells: Cells
  /** For `allowed` as a redirect: where it goes (for a role, from the fixtures; none: a 200). */
  allowedTo?: string | ((f: Fixtures, role: Role) => string | undefined)
  /** For `back`: the page that says no. */
  backTo?: string
  /** Where a sales role is taken instead (outcome `sales`). */
  salesTo?: string
  /**
   * A text of the resource that only `shownTo` may see: a 200 that shows nothing (a page
   * that answers everyone, but with the resource for its owner only) must not hold it.
   */
  secret?: { text: (f: Fixtures) => string; shownTo: Role[] }
  why?: string
}

export type UpstreamRow = {
  /** `METHOD /path` as the Hono apps register it (services/gateway.ts, app.routes). */
  route: string
  /** Query or body fields of this call that carry an id. */
  idFields?: string[]
  resource: ResourceKind
  request: (f: Fixtures) => { path: string; body?: unknown; headers?: Record<string, string> }
  cells: Cells
  /** As PortalRow's: a text of the resource that only `shownTo` may get in the answer. */
  secret?: { text: (f: Fixtures) => string; shownTo: Role[] }
  why?: string
}

const fill = (base: Outcome, overrides: Partial<Cells> = {}): Cells =>
  Object.fromEntries(ROLES.map((role) => [role, overrides[role] ?? base])) as Cells

/** Everyone, signed in or not (public pages and calls; sales roles pushed home from the header's pages). */
const everyone = (overrides: Partial<Cells> = {}) => fill('allowed', overrides)
/** The pages the guard pushes sales users away from (app/auth/guard.ts, SALES_PUSHED_FROM). */
const SALES_PUSHED: Partial<Cells> = { agent: 'home', otherTeamAgent: 'home', salesAdmin: 'home' }

/**
 * A customer-only page about something of customer A's: anonymous to sign-in, every other
 * kind of user home (spec 4), customer B refused as `other` says.
 */
const customerAOnly = (other: Outcome = 404): Cells =>
  fill('home', { anonymous: 'login', customerA: 'allowed', customerB: other })

/** A sales page about team 1's application: the agent and their admin; the other team's agent 404. */
const salesTeamOnly = (): Cells =>
  fill('home', { anonymous: 'login', agent: 'allowed', salesAdmin: 'allowed', otherTeamAgent: 404 })

/** An upstream call about something of customer A's: no token 401, anyone else's token as `other`. */
const customerACall = (other: Outcome = 403, anonymous: Outcome = 401): Cells =>
  fill(other, { anonymous, customerA: 'allowed' })

/** An operator's page: anonymous to sign-in, every other role home (spec 4). */
const operatorOnly = (): Cells => fill('home', { anonymous: 'login', operator: 'allowed' })

/** An upstream call that runs incidents: the operator role's token only; no token 401. */
const operatorCall = (): Cells => fill(403, { anonymous: 401, operator: 'allowed' })

/** An upstream sales call about team 1's application: customers and applicants 403, other team 404. */
const salesTeamCall = (agent: Outcome = 'allowed', admin: Outcome = 'allowed'): Cells =>
  fill(403, { anonymous: 401, agent, salesAdmin: admin, otherTeamAgent: 404 })

export const PORTAL_ROWS: PortalRow[] = [
  // --- accounts, bills, statements ------------------------------------------------------
  {
    route: 'customer/bill-history',
    method: 'GET',
    idQuery: ['account'],
    resource: 'bill',
    request: (f) => ({ path: `/customer/bill-history?account=${f.account}` }),
    cells: customerAOnly(403),
    why: "another's account: the page says not authorized, nothing asked upstream",
  },
  {
    route: 'customer/bill-history/statement',
    method: 'GET',
    idQuery: ['account'],
    resource: 'statement',
    request: (f) => ({ path: `/customer/bill-history/statement?account=${f.account}&month=${f.statementMonth}` }),
    cells: customerAOnly('back'),
    backTo: '/customer/bill-history',
    why: "another's account: back to the bill history, which says not authorized",
  },
  {
    route: 'customer/bill-history/pay/:accountNumber',
    method: 'GET',
    resource: 'account',
    request: (f) => ({ path: `/customer/bill-history/pay/${f.account}` }),
    cells: customerAOnly(403),
  },
  {
    route: 'payment/:accountNumber',
    method: 'GET',
    resource: 'account',
    request: (f) => ({ path: `/payment/${f.account}` }),
    cells: everyone(),
    secret: { text: () => 'CARLOS', shownTo: ['customerA'] },
    why: 'guest pay (spec 2): the amount due and a masked name to anyone; the whole name to its holder only',
  },
  {
    route: 'customer/auto-pay',
    method: 'GET',
    idQuery: ['account'],
    resource: 'account',
    request: (f) => ({ path: `/customer/auto-pay?account=${f.account}` }),
    cells: customerAOnly(403),
  },
  // --- payments -------------------------------------------------------------------------
  {
    route: 'customer/payment-success/:id',
    method: 'GET',
    resource: 'payment',
    request: (f) => ({ path: `/customer/payment-success/${f.paymentId}` }),
    cells: customerAOnly(404),
  },
  {
    route: 'customer/payment-failed',
    method: 'GET',
    idQuery: ['payment'],
    resource: 'payment',
    request: (f) => ({ path: `/customer/payment-failed?payment=${f.paymentId}` }),
    cells: customerAOnly('allowed'),
    secret: { text: (f) => f.paymentReference, shownTo: ['customerA'] },
    why: "customer B gets spec 8's failed page without the payment (its reference never shown)",
  },
  {
    route: 'payment/:accountNumber/:paymentId',
    method: 'GET',
    resource: 'payment',
    request: (f) => ({ path: `/payment/${f.account}/${f.paymentId}` }),
    cells: everyone(),
    secret: { text: (f) => f.paymentReference, shownTo: [] },
    why: "a guest reads back only payments this browser started (their keys in a signed cookie): the others get the page that says it is no longer shown, customer A's own browser included",
  },
  // --- notifications, tickets, referrals ------------------------------------------------
  {
    route: 'customer/notifications/:id',
    method: 'GET',
    resource: 'notification',
    request: (f) => ({ path: `/customer/notifications/${f.notificationId}` }),
    cells: customerAOnly(404),
  },
  {
    route: 'customer/help/tickets/:referenceNumber',
    method: 'GET',
    resource: 'ticket',
    request: (f) => ({ path: `/customer/help/tickets/${f.ticketReference}` }),
    cells: customerAOnly(404),
  },
  // issue 37, item 6: "no internet" with proof. The report page is the default account's (no id);
  // customer A's report has its ticket open, so A's page and steps lead to the ticket's page.
  {
    route: 'customer/no-internet',
    method: 'GET',
    resource: 'ticket',
    request: () => ({ path: '/customer/no-internet' }),
    cells: customerAOnly('allowed'),
    allowedTo: (f, role) => (role === 'customerA' ? `/customer/help/tickets/${f.repairTicket}` : undefined),
    secret: { text: (f) => f.repairTicket, shownTo: [] },
    why: "the default account's own report: customer B's page is hers, without A's ticket",
  },
  {
    route: 'customer/no-internet',
    method: 'POST',
    resource: 'ticket',
    request: () => ({ path: '/customer/no-internet', form: { intent: 'restart' } }),
    cells: customerAOnly('back'),
    allowedTo: (f) => `/customer/help/tickets/${f.repairTicket}`,
    backTo: '/customer/no-internet',
    why: 'a step acts on the report the upstream finds for the default account: customer B has none, and is told so',
  },
  {
    route: 'customer/help/tickets/:referenceNumber',
    method: 'POST',
    resource: 'ticket',
    request: (f) => ({ path: `/customer/help/tickets/${f.repairTicket}`, form: { intent: 'cancel-visit' } }),
    cells: customerAOnly(404),
    allowedTo: (f) => `/customer/help/tickets/${f.repairTicket}`,
    why: "the repair visit of a report's ticket: its owner only (no visit yet: A is told so on the ticket's page)",
  },
  {
    route: 'customer/referrals/success',
    method: 'GET',
    idQuery: ['referral'],
    resource: 'referral',
    request: (f) => ({ path: `/customer/referrals/success?referral=${f.referralId}` }),
    cells: customerAOnly('allowed'),
    secret: { text: (f) => f.refereeName, shownTo: ['customerA'] },
    why: "read back from the caller's own list: customer B's page names nobody",
  },
  // --- the sales area: team 1's application -----------------------------------------------
  {
    route: 'sales/applications/:refId',
    method: 'GET',
    resource: 'application',
    request: (f) => ({ path: `/sales/applications/${f.applicationRef}` }),
    cells: salesTeamOnly(),
  },
  {
    route: 'sales/applications/:refId',
    method: 'POST',
    resource: 'application',
    request: (f) => ({ path: `/sales/applications/${f.applicationRef}`, form: { intent: 'confirm-delete' } }),
    cells: salesTeamOnly(),
    why: 'an intent that asks the upstream nothing (the delete question) still needs the application to be visible',
  },
  {
    route: 'sales/applications/:refId/documents/:fileId',
    method: 'GET',
    resource: 'document',
    request: (f) => ({ path: `/sales/applications/${f.applicationRef}/documents/no-such-file` }),
    cells: fill('home', { anonymous: 'login', agent: 404, salesAdmin: 404, otherTeamAgent: 404 }),
    why: 'a document id outside the application is the not-found page for its owners too',
  },
  {
    route: 'sales/applications/:refId/compliance',
    method: 'GET',
    resource: 'application',
    request: (f) => ({ path: `/sales/applications/${f.applicationRef}/compliance` }),
    cells: salesTeamOnly(),
  },
  {
    route: 'sales/applications/:refId/compliance/:category',
    method: 'GET',
    resource: 'document',
    request: (f) => ({ path: `/sales/applications/${f.applicationRef}/compliance/governmentIssued` }),
    cells: salesTeamOnly(),
  },
  {
    route: 'sales/application/:path/personalDetails/:orderId?',
    method: 'GET',
    resource: 'draft',
    request: (f) => ({ path: `/sales/application/residential/personalDetails/${f.draftId}` }),
    cells: fill('home', { anonymous: 'login', agent: 404, salesAdmin: 404, otherTeamAgent: 404 }),
    why: "an order id the agent did not claim (customer A's draft) is the not-found page",
  },
  // --- the wizard's pages and documents (a draft's, by the browser's draft cookie) -------------
  ...(['personalDetails', 'appointment', 'review', 'documents'] as const).map((step): PortalRow => ({
    route: `onboard/:path/${step}`,
    method: 'GET',
    resource: 'draft',
    request: () => ({ path: `/onboard/residential/${step}` }),
    cells: everyone({ agent: 'sales', otherTeamAgent: 'sales', salesAdmin: 'sales' }),
    allowedTo: step === 'documents' ? '/plans' : '/CheckAvailability',
    salesTo: `/sales/application/residential/${step}`,
    why: ':path is the flow (residential or sme); the draft is the browser’s own, by cookie: none yet, so to the first step; a sales role to the same step of the sales flow (issue 33)',
  })),
  {
    route: 'onboard/:path/documents/:fileId',
    method: 'GET',
    resource: 'document',
    request: () => ({ path: '/onboard/residential/documents/no-such-file' }),
    cells: fill(404),
    why: "a file outside the browser's own draft (a resource route: the draft cookie decides, signed in or not)",
  },
  ...(['appointment', 'review', 'documents'] as const).map((step): PortalRow => ({
    route: `sales/application/:path/${step}`,
    method: 'GET',
    resource: 'draft',
    request: () => ({ path: `/sales/application/residential/${step}` }),
    cells: fill('home', { anonymous: 'login', agent: 'allowed', otherTeamAgent: 'allowed', salesAdmin: 'allowed' }),
    allowedTo: step === 'documents' ? '/sales/application/onboard' : '/CheckAvailability',
    why: "the sales wizard's pages: sales roles only, each on the agent's own draft (none yet: to the first step)",
  })),
  {
    route: 'sales/application/:path/documents/:fileId',
    method: 'GET',
    resource: 'document',
    request: () => ({ path: '/sales/application/residential/documents/no-such-file' }),
    cells: fill(404),
    why: "a file outside the browser's own draft (a resource route: the draft cookie decides, signed in or not)",
  },
  // --- an application's status and compliance, by reference and link ---------------------------
  {
    route: ':refNo/:refIdentifier',
    method: 'GET',
    resource: 'application',
    request: (f) => ({ path: `/${f.applicationRef}/${f.applicationEmail}` }),
    cells: everyone(),
    why: 'the reference with its applicant’s email is the proof (spec 2), whoever asks; any other pair is the same 404',
  },
  {
    route: 'compliance/:id',
    method: 'GET',
    resource: 'link token',
    request: () => ({ path: '/compliance/not-a-link' }),
    cells: fill(404),
  },
  {
    route: 'upload/:id',
    method: 'GET',
    resource: 'link token',
    request: () => ({ path: '/upload/not-a-link' }),
    cells: fill(404),
  },
  {
    route: 'compliance/:id/upload/:category',
    method: 'GET',
    resource: 'link token',
    request: () => ({ path: '/compliance/not-a-link/upload/governmentIssued' }),
    cells: fill('back'),
    backTo: '/compliance/not-a-link',
    why: 'nothing without the proof of the link’s email: back to the link’s page (itself a 404 here)',
  },
  // --- catalogue entries and one-time links: not anyone's, the same to every role -----------------
  {
    route: 'plans/:code',
    method: 'GET',
    resource: 'reference data',
    request: () => ({ path: '/plans/no-such-plan' }),
    cells: fill(404, SALES_PUSHED),
  },
  {
    route: 'help/:categoryId',
    method: 'GET',
    resource: 'reference data',
    request: () => ({ path: '/help/no-such-category' }),
    cells: fill(404, SALES_PUSHED),
  },
  {
    route: 'help/:categoryId/:faqId',
    method: 'GET',
    resource: 'reference data',
    request: () => ({ path: '/help/no-such-category/no-such-answer' }),
    cells: fill(404, SALES_PUSHED),
  },
  {
    route: 'login/interaction/:uid',
    method: 'GET',
    resource: 'link token',
    request: () => ({ path: '/login/interaction/not-an-interaction' }),
    cells: everyone(),
    why: 'a one-time link, not anyone’s resource: the page says it is not valid, the same to every role',
  },
  {
    route: 'verifyEmail/:token',
    method: 'GET',
    resource: 'link token',
    request: () => ({ path: '/verifyEmail/not-a-token' }),
    cells: everyone(),
    why: 'a one-time link, not anyone’s resource: the page says it is not valid, the same to every role',
  },
  {
    route: 'reset-password/:token',
    method: 'GET',
    resource: 'link token',
    request: () => ({ path: '/reset-password/not-a-token' }),
    cells: everyone(),
    why: 'a one-time link, not anyone’s resource: the page says it is not valid, the same to every role',
  },
  // --- the operator's incidents (issue 37, item 2) -------------------------------------------
  {
    route: 'ops/incidents',
    method: 'GET',
    resource: 'incident',
    request: () => ({ path: '/ops/incidents' }),
    cells: operatorOnly(),
    why: 'the operator role alone runs incidents; everyone else goes home (spec 4), anonymous to sign-in',
  },
  {
    route: 'ops/incidents',
    method: 'POST',
    resource: 'incident',
    request: () => ({ path: '/ops/incidents', form: { intent: 'areas', region: '13' } }),
    cells: operatorOnly(),
    why: 'the open form (its cascade refreshed): the action checks the role before anything',
  },
  {
    route: 'ops/incidents/:id',
    method: 'GET',
    resource: 'incident',
    request: (f) => ({ path: `/ops/incidents/${f.incidentId}` }),
    cells: operatorOnly(),
  },
  {
    route: 'ops/incidents/:id',
    method: 'POST',
    resource: 'incident',
    request: (f) => ({
      path: `/ops/incidents/${f.incidentId}`,
      form: { intent: 'update', text: 'Access-control check.' },
    }),
    cells: operatorOnly(),
    allowedTo: (f) => `/ops/incidents/${f.incidentId}`,
    why: 'an update posted: back to the incident with a toast',
  },
]

export const UPSTREAM_ROWS: UpstreamRow[] = [
  // --- accounts, bills, statements, devices ------------------------------------------------
  ...(['/v2/payments/account-details', '/v1/payments/payment-details', '/v1/payments/bill-history'] as const).map(
    (path): UpstreamRow => ({
      route: `GET ${path}`,
      idFields: ['accountNumber'],
      resource: 'bill',
      request: (f) => ({ path: `${path}?accountNumber=${f.account}` }),
      cells: customerACall(),
    }),
  ),
  {
    route: 'GET /v1/payments/bill-statement',
    idFields: ['accountNumber'],
    resource: 'statement',
    request: (f) => ({ path: `/v1/payments/bill-statement?accountNumber=${f.account}&month=${f.statementMonth}` }),
    cells: customerACall(),
  },
  {
    route: 'POST /v1/accounts/subscription',
    idFields: ['accountNumber'],
    resource: 'account',
    request: (f) => ({ path: '/v1/accounts/subscription', body: { accountNumber: f.account } }),
    cells: customerACall(),
  },
  {
    route: 'POST /v1/devices/device-id',
    idFields: ['accountNumber'],
    resource: 'device',
    request: (f) => ({ path: '/v1/devices/device-id', body: { accountNumber: f.account } }),
    cells: customerACall(),
  },
  ...(['/v1/devices/modem', '/v1/devices/wifi'] as const).map((path): UpstreamRow => ({
    route: `POST ${path}`,
    idFields: ['accountNumber', 'deviceId'],
    resource: 'device',
    request: (f) => ({ path, body: { accountNumber: f.account, deviceId: f.deviceId } }),
    cells: customerACall(),
  })),
  {
    route: 'POST /v1/devices/wifi/reveal',
    idFields: ['accountNumber', 'deviceId'],
    resource: 'device',
    request: (f) => ({
      path: '/v1/devices/wifi/reveal',
      body: { accountNumber: f.account, deviceId: f.deviceId, password: 'Customer2024' },
    }),
    cells: customerACall(),
    why: "the passphrases: the account's holder, with their own password (docs/decisions/0045)",
  },
  {
    route: 'POST /v1/devices/modem/restart',
    idFields: ['accountNumber', 'deviceId'],
    resource: 'device',
    request: (f) => ({ path: '/v1/devices/modem/restart', body: { accountNumber: f.account, deviceId: f.deviceId } }),
    cells: customerACall(),
  },
  {
    route: 'POST /v1/dashboard',
    idFields: ['accountNumber'],
    resource: 'account',
    request: (f) => ({ path: '/v1/dashboard', body: { accountNumber: f.account } }),
    cells: customerACall(),
    why: "the dashboard's cards in one call: a refused account is the whole call's",
  },
  // issue 37, item 6: the no-internet report and its repair visit, on customer A's account 002.
  {
    route: 'POST /v1/repairs/no-internet',
    idFields: ['accountNumber'],
    resource: 'ticket',
    request: (f) => ({ path: '/v1/repairs/no-internet', body: { accountNumber: f.repairAccount } }),
    cells: customerACall(),
  },
  {
    route: 'POST /v1/repairs/no-internet/start',
    idFields: ['accountNumber'],
    resource: 'ticket',
    request: (f) => ({ path: '/v1/repairs/no-internet/start', body: { accountNumber: f.repairAccount } }),
    cells: customerACall(),
    why: "customer A gets their open report again; nobody else may start one on A's account",
  },
  {
    route: 'POST /v1/repairs/no-internet/report',
    idFields: ['accountNumber', 'reportId'],
    resource: 'ticket',
    request: (f) => ({
      path: '/v1/repairs/no-internet/report',
      body: { accountNumber: f.repairAccount, reportId: f.repairReportId },
    }),
    cells: customerACall(),
  },
  ...(['restart', 'answer'] as const).map((step): UpstreamRow => ({
    route: `POST /v1/repairs/no-internet/${step}`,
    idFields: ['accountNumber', 'reportId'],
    resource: 'ticket',
    request: (f) => ({
      path: `/v1/repairs/no-internet/${step}`,
      body: {
        accountNumber: f.repairAccount,
        reportId: f.repairReportId,
        ...(step === 'answer' ? { answer: 'no' } : {}),
      },
    }),
    cells: fill(403, { anonymous: 401, customerA: 409 }),
    why: 'the ticket is open, so the step is over for its owner too; nobody else reaches the report',
  })),
  {
    route: 'POST /v1/repairs/visits',
    idFields: ['accountNumber', 'reportId'],
    resource: 'ticket',
    request: (f) => ({
      path: '/v1/repairs/visits',
      body: { accountNumber: f.repairAccount, reportId: f.repairReportId, slotId: f.repairSlotId },
    }),
    cells: customerACall(),
  },
  {
    route: 'POST /v1/repairs/visits/cancel',
    idFields: ['accountNumber', 'reportId'],
    resource: 'ticket',
    request: (f) => ({
      path: '/v1/repairs/visits/cancel',
      body: { accountNumber: f.repairAccount, reportId: f.repairReportId },
    }),
    cells: customerACall(),
    why: 'cancels the visit the row above booked',
  },
  {
    route: 'GET /v1/repairs/by-ticket/:reference',
    resource: 'ticket',
    request: (f) => ({ path: `/v1/repairs/by-ticket/${f.repairTicket}` }),
    cells: fill('allowed', { anonymous: 401 }),
    secret: { text: (f) => f.repairReportId, shownTo: ['customerA'] },
    why: "anyone signed in gets an answer; only the ticket's owner gets the report in it",
  },
  {
    route: 'POST /v1/outages/status',
    idFields: ['accountNumber'],
    resource: 'account',
    request: (f) => ({ path: '/v1/outages/status', body: { accountNumber: f.account } }),
    cells: customerACall(),
  },
  {
    route: 'GET /v1/referrals',
    idFields: ['accountNumber'],
    resource: 'referral',
    request: () => ({ path: '/v1/referrals?accountNumber=1000000000002' }),
    cells: customerACall(),
  },
  {
    route: 'GET /v1/paynamics/ada',
    idFields: ['accountNumber'],
    resource: 'account',
    request: (f) => ({ path: `/v1/paynamics/ada?accountNumber=${f.account}` }),
    cells: customerACall(),
  },
  {
    route: 'POST /v1/referrals/notify',
    idFields: ['accountNumber', 'referralId'],
    resource: 'referral',
    request: (f) => ({
      path: '/v1/referrals/notify',
      body: { accountNumber: '1000000000002', referralId: f.referralId },
    }),
    cells: fill(403, { anonymous: 401, customerA: 409 }),
    why: "the invitation again, only on an account the caller's token lists: its owner gets 409 for a referral already taken up, anyone else 403 before the referral is looked at",
  },
  // --- payments -----------------------------------------------------------------------------
  {
    route: 'POST /v1/pay/quote',
    idFields: ['accountNumber'],
    resource: 'account',
    request: (f) => ({ path: '/v1/pay/quote', body: { accountNumber: f.account, channelGroup: 'OVER THE COUNTER' } }),
    cells: customerACall(403, 'allowed'),
    why: 'as the amount due: a guest may pay any account; a signed-in caller only their own',
  },
  {
    route: 'GET /v1/pay/amount-due',
    idFields: ['accountNumber'],
    resource: 'account',
    request: (f) => ({ path: `/v1/pay/amount-due?accountNumber=${f.account}` }),
    cells: customerACall(403, 'allowed'),
    why: 'guest pay: the amount due and a masked name to a guest (limited per account and address); a signed-in caller only for an account their token lists',
  },
  {
    route: 'GET /v1/pay/history',
    idFields: ['accountNumber'],
    resource: 'payment',
    request: (f) => ({ path: `/v1/pay/history?accountNumber=${f.account}` }),
    cells: customerACall(),
  },
  {
    route: 'GET /v1/pay/transactions/:id',
    resource: 'payment',
    request: (f) => ({ path: `/v1/pay/transactions/${f.paymentId}` }),
    cells: customerACall(404, 404),
    why: 'a guest without the payment key, and any other user, get the 404 of an unknown id',
  },
  {
    route: 'POST /v1/pay/transactions/:id/cancel',
    resource: 'payment',
    request: (f) => ({ path: `/v1/pay/transactions/${f.paymentId}/cancel` }),
    cells: customerACall(404, 404),
  },
  {
    route: 'POST /v1/operator/pay/references/:reference/paid',
    resource: 'payment',
    request: (f) => ({ path: `/v1/operator/pay/references/${f.paymentReference}/paid` }),
    cells: fill(403),
    why: 'the operator channel only: the portal channel is refused whoever the token names',
  },
  // --- notifications, tickets --------------------------------------------------------------
  {
    route: 'GET /notifications/:id',
    resource: 'notification',
    request: (f) => ({ path: `/notifications/${f.notificationId}` }),
    cells: customerACall(404),
  },
  {
    route: 'GET /v1/support/tickets/:referenceNumber',
    resource: 'ticket',
    request: (f) => ({ path: `/v1/support/tickets/${f.ticketReference}` }),
    cells: customerACall(404),
  },
  {
    route: 'POST /v1/support/concern',
    idFields: ['accountNumber'],
    resource: 'ticket',
    request: (f) => ({
      path: '/v1/support/concern',
      body: {
        accountNumber: f.account,
        concernType: f.concernType,
        subType: f.concernSubType,
        description: 'The access-control matrix files this concern.',
      },
      headers: { 'idempotency-key': 'access-control-matrix-cell' },
    }),
    cells: customerACall(403),
    why: 'a ticket only on an account the token lists as verified (the same key: one ticket however often it is sent)',
  },
  // --- drafts, carts, files (the wizard's) ----------------------------------------------------
  {
    route: 'GET /v1/drafts/:draftId',
    resource: 'draft',
    request: (f) => ({ path: `/v1/drafts/${f.draftId}` }),
    cells: customerACall(404, 404),
    why: 'a claimed draft opens only with its claimant’s token',
  },
  {
    route: 'PUT /v1/drafts/:draftId/sections/:section',
    resource: 'draft',
    request: (f) => ({ path: `/v1/drafts/${f.draftId}/sections/no-such-section`, body: {} }),
    cells: fill(404),
    why: 'an unknown section is 404 for the claimant too; another caller never reaches the section',
  },
  {
    route: 'DELETE /v1/drafts/:draftId/sections/:section',
    resource: 'draft',
    request: (f) => ({ path: `/v1/drafts/${f.draftId}/sections/no-such-section` }),
    cells: fill(404),
  },
  {
    route: 'POST /v1/drafts/:draftId/extend',
    resource: 'draft',
    request: (f) => ({ path: `/v1/drafts/${f.draftId}/extend` }),
    cells: customerACall(404, 404),
    why: 'a claimed draft’s 4 hours start again only with its claimant’s token (issue 38, item 6)',
  },
  {
    route: 'POST /v1/drafts/:draftId/claim',
    resource: 'draft',
    request: (f) => ({ path: `/v1/drafts/${f.draftId}/claim` }),
    cells: customerACall(404),
    why: 'claimed already: only its claimant may claim it again (claiming needs a token)',
  },
  {
    route: 'GET /v1/files/:fileId/content',
    resource: 'document',
    request: (f) => ({ path: '/v1/files/no-such-file/content', headers: { 'x-draft-id': f.draftId } }),
    cells: fill(404),
  },
  {
    route: 'DELETE /v1/files/:fileId',
    resource: 'document',
    request: (f) => ({ path: '/v1/files/no-such-file', headers: { 'x-draft-id': f.draftId } }),
    cells: fill(404),
  },
  {
    route: 'GET /v1/files',
    idFields: ['x-draft-id'],
    resource: 'document',
    request: (f) => ({ path: '/v1/files', headers: { 'x-draft-id': f.draftId } }),
    cells: everyone(),
    why: "the files service trusts the portal's channel to have opened the draft with its claimant's token first (services/drafts/service.ts, sectionsFor): through the portal another user gets the draft's 404 before any file is asked for. Defence in depth here is issue 32's follow-up",
  },
  {
    route: 'GET /v1/files/checklist',
    idFields: ['x-draft-id'],
    resource: 'document',
    request: (f) => ({ path: '/v1/files/checklist', headers: { 'x-draft-id': f.draftId } }),
    cells: everyone(),
    why: 'as GET /v1/files',
  },
  {
    route: 'GET /v1/carts/:cartId',
    resource: 'cart',
    request: (f) => ({ path: `/v1/carts/${f.cartId}`, headers: { 'x-draft-id': f.draftId } }),
    cells: everyone(),
    why: 'a cart holds plan codes only, no personal data; it opens with its draft’s id, which the portal opened with the claimant’s token first (as GET /v1/files)',
  },
  {
    route: 'POST /v1/carts/:cartId/items',
    resource: 'cart',
    request: (f) => ({ path: `/v1/carts/${f.cartId}/items`, body: {}, headers: { 'x-draft-id': f.draftId } }),
    cells: fill(400),
  },
  {
    route: 'PATCH /v1/carts/:cartId/items/:productCode',
    resource: 'cart',
    request: (f) => ({
      path: `/v1/carts/${f.cartId}/items/no-such-product`,
      body: {},
      headers: { 'x-draft-id': f.draftId },
    }),
    cells: fill(400),
  },
  {
    route: 'DELETE /v1/carts/:cartId/items/:productCode',
    resource: 'cart',
    request: (f) => ({ path: `/v1/carts/${f.cartId}/items/no-such-product`, headers: { 'x-draft-id': f.draftId } }),
    cells: fill(404),
  },
  {
    route: 'POST /v2/carts/:cartId/reconfigure',
    resource: 'cart',
    request: (f) => ({ path: `/v2/carts/${f.cartId}/reconfigure`, body: {}, headers: { 'x-draft-id': f.draftId } }),
    cells: fill(400),
  },
  {
    route: 'PUT /v1/carts/:cartId/payment-mode',
    resource: 'cart',
    request: (f) => ({ path: `/v1/carts/${f.cartId}/payment-mode`, body: {}, headers: { 'x-draft-id': f.draftId } }),
    cells: fill(400),
  },
  {
    route: 'PUT /v1/carts/:cartId/upfront-payment',
    resource: 'cart',
    request: (f) => ({ path: `/v1/carts/${f.cartId}/upfront-payment`, body: {}, headers: { 'x-draft-id': f.draftId } }),
    cells: fill(400),
  },
  ...(['PUT', 'DELETE'] as const).map((method): UpstreamRow => ({
    route: `${method} /v1/carts/:cartId/promo-code`,
    resource: 'cart',
    request: (f) => ({
      path: `/v1/carts/${f.cartId}/promo-code`,
      ...(method === 'PUT' ? { body: { code: 'FIBERWELCOME' } } : {}),
      headers: { 'x-draft-id': f.draftId },
    }),
    cells: { ...fill(403), anonymous: 401 },
    why: "issue 33: only the sales agent whose claimed draft the cart is may enter a promo code; the fixture's cart is customer A's draft's, so every signed-in role, its owner and every agent included, gets 403",
  })),
  // --- applications: the operator's calls and the sales area ---------------------------------
  ...(
    [
      ['POST', 'status'],
      ['GET', 'compliance'],
      ['POST', 'compliance'],
      ['POST', 'email-verification'],
    ] as const
  ).map(([method, tail]): UpstreamRow => ({
    route: `${method} /v1/operator/applications/:id/${tail}`,
    resource: 'application',
    request: (f) => ({ path: `/v1/operator/applications/${f.applicationRef}/${tail}`, body: {} }),
    cells: fill(403),
    why: 'the operator channel only: the portal channel is refused whoever the token names',
  })),
  {
    route: 'GET /v1/sales/applications',
    idFields: ['agentCode'],
    resource: 'application',
    request: () => ({ path: '/v1/sales/applications?agentCode=AGT-0001' }),
    cells: fill(403, { anonymous: 401, agent: 'allowed', salesAdmin: 'allowed', otherTeamAgent: 'allowed' }),
    secret: { text: (f) => f.applicationRef, shownTo: ['agent', 'salesAdmin'] },
    why: "an agent's list is their own whatever agentCode says (another team's agent gets theirs, empty of team 1's)",
  },
  {
    route: 'GET /v1/sales/applications/:refId',
    resource: 'application',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}` }),
    cells: salesTeamCall(),
  },
  {
    route: 'PATCH /v1/sales/applications/:refId',
    resource: 'application',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}`, body: { agentCode: 'AGT-0001' } }),
    cells: salesTeamCall(403),
    why: 'reassigning is the admin’s (to the agent it is with already: changes nothing)',
  },
  {
    route: 'DELETE /v1/sales/applications/:refId',
    resource: 'application',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}` }),
    cells: salesTeamCall(409, 409),
    why: 'a filed application is not a draft: its owners get 409, nobody else learns it exists',
  },
  {
    route: 'POST /v1/sales/applications/:refId/resume',
    resource: 'application',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}/resume` }),
    cells: salesTeamCall(404, 404),
    why: 'only a draft resumes: a filed application is unknown to this call',
  },
  {
    route: 'GET /v1/sales/applications/:refId/documents/:fileId/content',
    resource: 'document',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}/documents/no-such-file/content` }),
    cells: salesTeamCall(404, 404),
  },
  {
    route: 'POST /v1/sales/applications/:refId/notifications/pdf',
    resource: 'application',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}/notifications/pdf` }),
    cells: salesTeamCall(),
  },
  {
    route: 'POST /v1/sales/applications/:refId/compliance-links',
    resource: 'application',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}/compliance-links` }),
    cells: salesTeamCall(),
  },
  {
    route: 'GET /v1/sales/applications/:refId/compliance',
    resource: 'application',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}/compliance` }),
    cells: salesTeamCall(),
  },
  {
    route: 'POST /v1/sales/applications/:refId/compliance/:category',
    resource: 'document',
    request: (f) => ({ path: `/v1/sales/applications/${f.applicationRef}/compliance/governmentIssued` }),
    cells: fill(401),
    why: 'a streamed upload: refused at the gateway without its content hash, before any role is read',
  },
  // --- reference data by code: everyone ----------------------------------------------------------
  ...(
    [
      'GET /v1/province/:regionCode',
      'GET /v1/municipality/:provinceCode',
      'GET /v1/barangay/:municipalityCode',
      'GET /v1/plans/:code',
      'GET /v1/plans/:code/faqs',
      'GET /v1/plans/:code/add-ons',
      'GET /v1/support/concern-types/:concernType/sub-types',
    ] as const
  ).map((route): UpstreamRow => ({
    route,
    resource: 'reference data',
    request: () => ({ path: route.slice(4).replace(/:[A-Za-z]+/, 'NOSUCHCODE') }),
    cells: route.startsWith('GET /v1/support/')
      ? fill(404, { anonymous: 401 })
      : fill(route.includes('/plans/') ? 404 : 400),
    why: 'a catalogue code, the same answer to every role (help-centre types need a signed-in caller)',
  })),
  // Last: it discards customer A's draft, which the rows above use.
  {
    route: 'DELETE /v1/drafts/:draftId',
    resource: 'draft',
    request: (f) => ({ path: `/v1/drafts/${f.draftId}` }),
    cells: customerACall(404, 404),
    why: 'a claimed draft is discarded only with its claimant’s token',
  },
  // --- incidents (issue 37, item 2): the operator role (and the NMS channel, not a role) --------
  {
    route: 'GET /v1/incidents/public',
    resource: 'reference data',
    request: () => ({ path: '/v1/incidents/public?area=81200019&current=true' }),
    cells: everyone(),
    why: 'what subscribers may read of an area’s incidents: public',
  },
  {
    route: 'POST /v1/incidents/account',
    idFields: ['accountNumber'],
    resource: 'account',
    request: (f) => ({ path: '/v1/incidents/account', body: { accountNumber: f.account } }),
    cells: customerACall(),
    why: 'the incidents reaching an account: its holder only',
  },
  {
    route: 'GET /v1/incidents',
    resource: 'incident',
    request: () => ({ path: '/v1/incidents' }),
    cells: operatorCall(),
  },
  {
    route: 'POST /v1/incidents',
    resource: 'incident',
    request: () => ({
      path: '/v1/incidents',
      body: { kind: 'outage', cause: 'Access-control check.', areas: { barangays: ['80300002'] } },
    }),
    cells: operatorCall(),
  },
  {
    route: 'GET /v1/incidents/:id',
    resource: 'incident',
    request: (f) => ({ path: `/v1/incidents/${f.incidentId}` }),
    cells: operatorCall(),
  },
  {
    route: 'POST /v1/incidents/:id/updates',
    resource: 'incident',
    request: (f) => ({ path: `/v1/incidents/${f.incidentId}/updates`, body: { text: 'Access-control check.' } }),
    cells: operatorCall(),
  },
  {
    route: 'POST /v1/incidents/:id/estimate',
    resource: 'incident',
    request: (f) => ({
      path: `/v1/incidents/${f.incidentId}/estimate`,
      body: { estimatedRestoreAt: '2099-01-01T00:00:00Z' },
    }),
    cells: operatorCall(),
  },
  {
    route: 'POST /v1/incidents/:id/exclusion',
    resource: 'incident',
    request: (f) => ({ path: `/v1/incidents/${f.incidentId}/exclusion`, body: { exclusion: 'third_party' } }),
    cells: operatorCall(),
  },
  {
    route: 'POST /v1/incidents/:id/areas',
    resource: 'incident',
    request: (f) => ({
      path: `/v1/incidents/${f.incidentId}/areas`,
      body: { areas: { barangays: ['80300002', '80300025'] } },
    }),
    cells: operatorCall(),
  },
  {
    route: 'POST /v1/incidents/:id/resolve',
    resource: 'incident',
    request: (f) => ({ path: `/v1/incidents/${f.incidentId}/resolve`, body: {} }),
    cells: operatorCall(),
    why: 'last of the incident rows: it ends the incident the others change',
  },
]

/**
 * Routes that take no id and so need no row, with the portal's query parameters and the
 * upstream's fields that would carry one: the completeness check fails on any other
 * parameter. Kept short on purpose: a new route with an id gets a row, not an entry here.
 */
export const TAKES_NO_ID = {
  /**
   * The catch-all not-found route's splat, and /ApplyNow's (spec 2: a prefix route): whatever
   * follows it, the visitor's own draft decides where it leads.
   */
  portal: ['*', 'ApplyNow/*'],
} as const
