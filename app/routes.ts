/**
 * The URL map (spec 2). Capabilities add their routes here as they land; anything not
 * listed falls through to the not-found page.
 */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'
import { LEGAL_DOCUMENTS, SALES_LEGAL_DOCUMENTS } from './features/legal/documents'
import { LANDING_PATHS } from './utils/landing-paths'

// spec 2: all of these show the landing page.
const LANDING_ALIASES = LANDING_PATHS.filter((path) => path !== '/').map((path) => path.slice(1))

export default [
  index('routes/public/landing.tsx', { id: 'landing' }),
  ...LANDING_ALIASES.map((alias) => route(alias, 'routes/public/landing.tsx', { id: `landing-${alias}` })),

  // spec 2, Shell: legal pages (content from the cms service), one module for all four.
  ...LEGAL_DOCUMENTS.map((name) => route(name, 'routes/public/legal.tsx', { id: `legal-${name}` })),
  route('application/check-status', 'routes/public/application-check-status.tsx'),
  // For search engines (issue 33): what they may read, and the public pages.
  route('robots.txt', 'routes/public/robots.ts'),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  // spec 8: an outside page with no address configured (issue 33).
  route('available-soon', 'routes/public/available-soon.tsx'),
  route('leave-application', 'routes/public/leave-application.tsx'),

  // The serviceability check (spec 2: two steps, the map, the result and the lead form).
  route('CheckAvailability', 'routes/public/check-availability.tsx'),
  route('CheckAvailability/search', 'routes/public/check-availability-search.tsx'),

  // spec 2: /ApplyNow (prefix) resumes the application where the visitor left it (issue 33).
  route('ApplyNow', 'routes/public/apply-now.tsx', { id: 'apply-now' }),
  route('ApplyNow/*', 'routes/public/apply-now.tsx', { id: 'apply-now-prefix' }),

  // The plans, the comparison, a plan's page and the cart (issue 9; spec 1, 2).
  route('plans', 'routes/public/plans.tsx'),
  route('plans/cart', 'routes/public/plans-cart.tsx'),
  route('plans/compare', 'routes/public/plans-compare.tsx'),
  route('plans/recommend', 'routes/public/plans-recommend.tsx'),
  route('plans/tv-partner-logo', 'routes/public/plans-tv-logo.ts'),
  route('plans/:code', 'routes/public/plan.tsx'),

  // The application wizard's documents step (issue 10, part 2): residential or sme.
  route('onboard/:path/documents', 'routes/onboarding/documents.tsx'),
  route('onboard/:path/documents/:fileId', 'routes/onboarding/document-file.tsx'),

  // The application wizard (issue 10; spec 2: /onboard/residential/personalDetails and the SME
  // variant, /success). The documents page, /onboard/:path/documents, is another change's.
  route('onboard/:path/personalDetails', 'routes/public/onboard-personal-details.tsx'),
  route('onboard/:path/appointment', 'routes/public/onboard-appointment.tsx'),
  route('onboard/:path/review', 'routes/public/onboard-review.tsx'),
  route('success', 'routes/public/success.tsx'),

  // Status and compliance (issue 10 parts 3 and 4; spec 2; docs/decisions/0033). The form on
  // /check-status posts to check-status/lookup; /{refNo}/{refIdentifier} ranks below every
  // route with a static segment, and answers not-found for anything that is not a reference.
  route('check-status/lookup', 'routes/public/check-status-lookup.tsx'),
  route('compliance/:id', 'routes/public/compliance.tsx', { id: 'compliance' }),
  route('compliance/:id/upload/:category', 'routes/public/compliance-upload.tsx'),
  route('upload/:id', 'routes/public/compliance.tsx', { id: 'compliance-upload' }),
  route(':refNo/:refIdentifier', 'routes/public/application-status.tsx'),

  // issue 12: a guest pays with an account number (spec 2: the /payBill prefix, /payment/{accountNumber}).
  route('payBill', 'routes/public/pay-bill.tsx'),
  route('payment/:accountNumber', 'routes/public/payment.tsx'),
  route('payment/:accountNumber/:paymentId', 'routes/public/payment-status.tsx'),

  // Shell preferences: cookie banner and theme (cookies only, never personal data).
  route('preferences', 'routes/public/preferences.tsx'),
  // issue 38, item 6: "Continue" before this browser's draft ends (its cookie names it).
  route('draft/extend', 'routes/public/draft-extend.tsx'),

  // Sign-in and out (spec 2, 4; docs/decisions/0008).
  route('login', 'routes/auth/login.tsx'),
  route('login/callback', 'routes/auth/login-callback.tsx'),
  route('login/success', 'routes/auth/login-success.tsx'),
  route('logout', 'routes/auth/logout.tsx'),
  // The embedded OpenID provider's login screen (services/identity/oidc).
  route('login/interaction/:uid', 'routes/auth/login-interaction.tsx'),

  // Registration, email verification and password reset (spec 2, 3, 4).
  route('register', 'routes/account/register.tsx'),
  route('register/sent', 'routes/account/register-sent.tsx'),
  route('verifyEmail/:token', 'routes/account/verify-email.tsx'),
  route('forgot-password', 'routes/account/forgot-password.tsx'),
  route('reset-password/:token', 'routes/account/reset-password.tsx'),

  // The outbox, for set-ups without SMTP (DEV_MAILBOX).
  route('dev/mailbox', 'routes/dev/mailbox.tsx'),
  // The UI kit's showcase, scanned by the accessibility suite (DEV_UI).
  route('dev/ui', 'routes/dev/ui.tsx'),

  // Each role's home (spec 4); the root loader's guard (app/auth/guard.ts) keeps others out.
  // The customer shell (spec 2: top bar, drawer, layout rule) around the customer pages; the
  // other customer-only routes (bill history, notifications, help, consent, profile) go in here too.
  layout('routes/customer/layout.tsx', { id: 'customer-shell' }, [
    route('customer', 'routes/customer/home.tsx', { id: 'customer-home' }),
    route('dashboard', 'routes/customer/home.tsx', { id: 'dashboard' }),
    route('account/subscription', 'routes/customer/account-subscription.tsx'),
    // issue 18: the modem's Wi-Fi (names, passwords, connected devices).
    route('account/wifi', 'routes/customer/wifi.tsx'),
    // issue 11: notifications (spec 2: /customer/notifications; one notification opens at its id).
    route('customer/notifications', 'routes/customer/notifications.tsx'),
    route('customer/notifications/:id', 'routes/customer/notification.tsx'),
    // issue 11: bills (spec 2 /customer/bill-history; the statement download is a resource route below).
    route('customer/bill-history', 'routes/customer/bill-history.tsx'),
    // issue 12: paying a bill, and where the gateway sends the customer back (spec 2).
    route('customer/bill-history/pay/:accountNumber', 'routes/customer/pay.tsx'),
    route('customer/payment-success/:id', 'routes/customer/payment-success.tsx'),
    route('customer/payment-failed', 'routes/customer/payment-failed.tsx'),
    route('customer/auto-pay', 'routes/customer/auto-pay.tsx'),
    // issue 11: help, the customer's side (concerns and after-sales requests).
    route('customer/help', 'routes/customer/help.tsx'),
    route('customer/help/concern', 'routes/customer/help-concern.tsx'),
    route('customer/help/after-sales', 'routes/customer/help-after-sales.tsx'),
    route('customer/help/tickets/:referenceNumber', 'routes/customer/help-ticket.tsx'),
    // issue 37, item 6: REPORT NO INTERNET (the ticket's page above carries on with the visit).
    route('customer/no-internet', 'routes/customer/no-internet.tsx'),
    // issue 11: consent, profile and the tour as a page (customer-only, spec 2; docs/decisions/0040).
    route('consent', 'routes/customer/consent.tsx'),
    route('profile', 'routes/customer/profile.tsx'),
    route('customer/tour', 'routes/customer/tour.tsx'),
    // issue 15: Refer and Earn (spec 2: /customer/referrals, its check-serviceability, failed and success pages).
    route('customer/referrals', 'routes/customer/referrals.tsx'),
    route('customer/referrals/check-serviceability', 'routes/customer/referrals-check.tsx'),
    route('customer/referrals/success', 'routes/customer/referrals-success.tsx'),
    route('customer/referrals/failed', 'routes/customer/referrals-failed.tsx'),
  ]),
  // issue 15: referrals without a login (spec 2: /referral, Win Back), and leaving a referral (the header logo).
  route('referral', 'routes/referrals/referral.tsx'),
  route('referral/leave', 'routes/referrals/leave.ts'),
  route('referral/winback', 'routes/referrals/winback.tsx'),
  route('referral/winback/check-serviceability', 'routes/referrals/winback-check.tsx'),
  route('referral/winback/success', 'routes/referrals/winback-success.tsx'),
  route('sales', 'routes/sales/home.tsx'),
  // issue 13 item 5: the agent's account, and two legal pages inside the sales area (spec 2).
  route('sales/account', 'routes/sales/account.tsx'),
  route('sales/leads', 'routes/sales/leads.tsx'),
  ...SALES_LEGAL_DOCUMENTS.map((name) =>
    route(`sales/${name}`, 'routes/public/legal.tsx', { id: `sales-legal-${name}` }),
  ),
  // issue 13: one application of the agent's, and its documents (a resource route).
  // issue 13 item 2: a new application for a customer (spec 2: /sales/application…), the wizard's
  // pages shared with the public one (steps.ts flowOf), and /{orderId} to resume a draft (spec 4).
  route('sales/application', 'routes/sales/application-start.tsx'),
  route('sales/application/onboard', 'routes/sales/application-onboard.tsx'),
  route('sales/application/success', 'routes/sales/application-success.tsx'),
  route('sales/application/:path/personalDetails/:orderId?', 'routes/public/onboard-personal-details.tsx', {
    id: 'sales-personal-details',
  }),
  route('sales/application/:path/documents', 'routes/onboarding/documents.tsx', { id: 'sales-documents' }),
  route('sales/application/:path/documents/:fileId', 'routes/onboarding/document-file.tsx', {
    id: 'sales-document-file',
  }),
  route('sales/application/:path/appointment', 'routes/public/onboard-appointment.tsx', { id: 'sales-appointment' }),
  route('sales/application/:path/review', 'routes/public/onboard-review.tsx', { id: 'sales-review' }),
  route('application-sales-partner', 'routes/sales/application-sales-partner.ts'),
  route('sales/applications/:refId', 'routes/sales/application.tsx'),
  route('sales/applications/:refId/documents/:fileId', 'routes/sales/application-document.ts'),
  route('sales/applications/:refId/compliance', 'routes/sales/compliance.tsx'),
  route('sales/applications/:refId/compliance/:category', 'routes/sales/compliance-upload.tsx'),
  route('get-started', 'routes/onboarding/get-started.tsx'),

  // issue 11: help. The help centre (spec 1; spec 2: /help prefix public, /customer/help for
  // customers, in the customer shell above).
  route('help', 'routes/help/index.tsx'),
  route('help/search', 'routes/help/search.tsx'),
  // issue 16: the store locator, under both prefixes (spec 2: /help, /payBill).
  route('help/stores', 'routes/public/stores.tsx', { id: 'help-stores' }),
  route('payBill/stores', 'routes/public/stores.tsx', { id: 'pay-stores' }),
  route('help/:categoryId', 'routes/help/category.tsx'),
  route('help/:categoryId/:faqId', 'routes/help/answer.tsx'),
  // Resource routes (no page, so no shell): the concern form's sub-types for its fetcher, the statement PDF.
  route('customer/help/concern/sub-types', 'routes/customer/help-concern-sub-types.ts'),
  route('customer/bill-history/statement', 'routes/customer/bill-history-statement.ts'),

  // issue 17 item 5: first-party analytics, the collector's beacons and the operator's report.
  route('analytics/events', 'routes/analytics/events.ts'),
  route('ops/analytics', 'routes/ops/analytics.tsx'),
  route('ops/incidents', 'routes/ops/incidents.tsx'),
  route('ops/incidents/:id', 'routes/ops/incident.tsx'),

  // Benchmark floor: a bare page through the same process (npm run bench).
  route('__floor', 'routes/public/floor.tsx'),

  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
