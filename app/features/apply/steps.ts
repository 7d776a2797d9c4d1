/**
 * The application wizard's stages (spec 1: "check availability, plan, personal details,
 * upload documents, verify and submit") and the pages behind them. Every page of the
 * wizard shows them in the Stepper; the onboarding prefix follows the customer category
 * (spec 2: /onboard/residential/personalDetails and an SME variant).
 */
import type { Step } from '~/ui/stepper'

export type ApplicantPath = 'residential' | 'sme'

/** The onboarding route prefix for a customer category (spec 2). */
export function applicantPathFor(category: 'RES' | 'SME'): ApplicantPath {
  return category === 'SME' ? 'sme' : 'residential'
}

export function isApplicantPath(value: string | undefined): value is ApplicantPath {
  return value === 'residential' || value === 'sme'
}

/** The wizard's pages, in order; the appointment and the summary make up the last stage. */
export const WIZARD_PAGES = ['personalDetails', 'documents', 'appointment', 'review'] as const
export type WizardPage = (typeof WIZARD_PAGES)[number]

/**
 * Who is filing: a visitor for themselves (/onboard…), or a sales agent for a customer
 * (spec 2: /sales/application{category path}/personalDetails…; issue 13 item 2). The same
 * pages and rules serve both; only the addresses around them differ.
 */
export type WizardFlow = 'public' | 'sales'

export const FLOW_PATHS: Record<
  WizardFlow,
  { base: string; check: string; plans: string; cart: string; success: string }
> = {
  public: { base: '/onboard', check: '/CheckAvailability', plans: '/plans', cart: '/plans/cart', success: '/success' },
  // The agent's plan step is one page (plans, cart and promo code); agents never see /plans (spec 4).
  sales: {
    base: '/sales/application',
    check: '/CheckAvailability',
    plans: '/sales/application/onboard',
    cart: '/sales/application/onboard',
    success: '/sales/application/success',
  },
}

/** The flow a wizard page serves, by its address (the same route modules serve both). */
export function flowOf(request: Request): WizardFlow {
  return new URL(request.url).pathname.startsWith(`${FLOW_PATHS.sales.base}/`) ? 'sales' : 'public'
}

export function wizardHref(path: ApplicantPath, page: WizardPage, flow: WizardFlow = 'public'): string {
  return `${FLOW_PATHS[flow].base}/${path}/${page}`
}

export const STAGE_LABELS = [
  'Check availability',
  'Plan',
  'Personal details',
  'Upload documents',
  'Verify and submit',
] as const

/** The stage index (for the Stepper's `current`) a wizard page belongs to. */
export function stageOf(page: WizardPage): number {
  return page === 'personalDetails' ? 2 : page === 'documents' ? 3 : 4
}

/** The Stepper's steps for the wizard: the stages before `current` link back to their page. */
export function wizardSteps(path: ApplicantPath, flow: WizardFlow = 'public'): Step[] {
  return [
    { label: STAGE_LABELS[0], href: FLOW_PATHS[flow].check },
    { label: STAGE_LABELS[1], href: FLOW_PATHS[flow].cart },
    { label: STAGE_LABELS[2], href: wizardHref(path, 'personalDetails', flow) },
    { label: STAGE_LABELS[3], href: wizardHref(path, 'documents', flow) },
    { label: STAGE_LABELS[4], href: wizardHref(path, 'review', flow) },
  ]
}
