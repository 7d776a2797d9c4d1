/** The application's confirmation email (issue 10): the reference number and what happens next. */
import { formatPesos } from '../../lib/pesos.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'
import type { ApplicationPricing } from './tables.ts'

type Confirmation = {
  productName: string
  publicUrl: string
  to: string
  firstName: string
  referenceNo: string
  planName: string
  appointment: string
  /** Pay via installer (issue 33): the cash to prepare, in words; absent otherwise. */
  installerCash?: string
  /** What was quoted (issue 33), with the promo code's discount; null when not known. */
  pricing?: ApplicationPricing | null
}

/** The quoted charges as lines of the email: the monthly fee, a promo code's discount, the first bill. */
function chargesLines(pricing: ApplicationPricing): string[] {
  return [
    'Your charges:',
    `- Monthly fee: ${formatPesos(pricing.monthlyRecurringFee)}`,
    ...(pricing.promo
      ? [`- Promo code ${pricing.promo.code}: ${formatPesos(pricing.promo.discount)} off your first bill`]
      : []),
    `- First bill: ${formatPesos(pricing.firstBill)}`,
    '',
  ]
}

function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[ .-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase())
}

export function confirmationEmail(options: Confirmation): OutgoingMessage {
  const statusUrl = new URL(
    'check-status',
    options.publicUrl.endsWith('/') ? options.publicUrl : `${options.publicUrl}/`,
  )
  return {
    channel: 'email',
    recipient: options.to,
    subject: `We received your application ${options.referenceNo}`,
    body: [
      `Hello ${titleCase(options.firstName)},`,
      '',
      `Thank you for applying for ${options.planName} with ${options.productName}.`,
      `Your reference number is ${options.referenceNo}. Please keep it: you need it, with your email address or mobile number, to check your application's status.`,
      '',
      `Installation appointment: ${options.appointment}.`,
      '',
      ...(options.pricing ? chargesLines(options.pricing) : []),
      // Issue 33, spec 9: Pay via installer (cash at installation).
      ...(options.installerCash
        ? [
            `Pay via installer: please prepare ${options.installerCash} in cash for the installer on ${options.appointment}. They give you an official receipt.`,
            '',
          ]
        : []),
      'What happens next:',
      '1. We review your application and documents, usually within 2 working days.',
      '2. If anything is missing, we email you a link to send it.',
      '3. Once approved, our installer contacts you before the appointment.',
      '',
      `Check your application's status: ${statusUrl.toString()}`,
      '',
      options.productName,
    ].join('\n'),
  }
}
