/** The texts of identity emails: short, plain, with the product name and the link. */
import type { OutgoingMessage } from '../notifications/sender.ts'

type Common = { productName: string; publicUrl: string; to: string; firstName: string }

function link(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString()
}

function greeting(firstName: string): string {
  // Names are stored upper-cased (spec 5); a greeting reads better in title case.
  const name = firstName
    .toLowerCase()
    .replace(/(^|[ .-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase())
  return `Hello ${name},`
}

export function verificationEmail(options: Common & { token: string }): OutgoingMessage {
  const url = link(options.publicUrl, `verifyEmail/${options.token}`)
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Verify your email for ${options.productName}`,
    body: [
      greeting(options.firstName),
      '',
      `Thank you for registering with ${options.productName}. Please confirm your email address by opening this link within 10 minutes:`,
      '',
      url,
      '',
      'If the link has expired, open it anyway: the page lets you ask for a new one.',
      'If you did not register, you can ignore this email.',
      '',
      options.productName,
    ].join('\n'),
  }
}

export function passwordResetEmail(options: Common & { token: string }): OutgoingMessage {
  const url = link(options.publicUrl, `reset-password/${options.token}`)
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Reset your ${options.productName} password`,
    body: [
      greeting(options.firstName),
      '',
      `We received a request to reset the password of your ${options.productName} account. Open this link within 30 minutes to choose a new one:`,
      '',
      url,
      '',
      'If you did not ask for this, you can ignore this email; your password stays the same.',
      '',
      options.productName,
    ].join('\n'),
  }
}

/** Sent instead of a second account, so registration does not reveal which emails are taken. */
export function alreadyRegisteredEmail(options: Common): OutgoingMessage {
  return {
    channel: 'email',
    recipient: options.to,
    subject: `You already have a ${options.productName} account`,
    body: [
      greeting(options.firstName),
      '',
      `Someone tried to register a new ${options.productName} account with this email address, which already has one.`,
      `If it was you, sign in at ${link(options.publicUrl, '')} or reset your password at ${link(options.publicUrl, 'forgot-password')}.`,
      'If it was not you, you can ignore this email.',
      '',
      options.productName,
    ].join('\n'),
  }
}
