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

export function wizardHref(path: ApplicantPath, page: WizardPage): string {
  return `/onboard/${path}/${page}`
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
export function wizardSteps(path: ApplicantPath): Step[] {
  return [
    { label: STAGE_LABELS[0], href: '/CheckAvailability' },
    { label: STAGE_LABELS[1], href: '/plans/cart' },
    { label: STAGE_LABELS[2], href: wizardHref(path, 'personalDetails') },
    { label: STAGE_LABELS[3], href: wizardHref(path, 'documents') },
    { label: STAGE_LABELS[4], href: wizardHref(path, 'review') },
  ]
}
