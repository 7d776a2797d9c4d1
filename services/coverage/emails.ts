/** The coverage service's one email: fibre now reaches a lead's address (issue 8, beyond the spec). */
import type { OutgoingMessage } from '../notifications/sender.ts'

function titleCase(name: string): string {
  // Names are stored upper-cased (spec 5); a greeting reads better in title case.
  return name
    .toLowerCase()
    .replace(/(^|[ .-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase())
}

export function fibreAvailableEmail(options: {
  productName: string
  publicUrl: string
  to: string
  firstName: string
}): OutgoingMessage {
  const base = options.publicUrl.endsWith('/') ? options.publicUrl : `${options.publicUrl}/`
  return {
    channel: 'email',
    recipient: options.to,
    subject: `${options.productName} fibre is now available at your address`,
    body: [
      `Hello ${titleCase(options.firstName)},`,
      '',
      `When you checked, ${options.productName} fibre did not reach your address yet. Our network has grown since, and it now does.`,
      'Check your address again and apply here:',
      '',
      new URL('CheckAvailability', base).toString(),
      '',
      'You receive this email once, because you left your details when fibre was not yet available.',
      '',
      options.productName,
    ].join('\n'),
  }
}
