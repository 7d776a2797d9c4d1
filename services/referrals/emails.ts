/**
 * The referrals service's messages (issue 15), queued in the outbox with the change that
 * causes them: the friend's invitation (naming the referrer by first name only), a Win
 * Back's confirmation, and the one-time code that confirms a holder may refer.
 */
import { formatPesos } from '../../lib/pesos.ts'
import { REFERRAL_PAGE_PATH } from '../../lib/referrals.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'

/** 'CARLOS' → 'Carlos', 'DELA CRUZ' → 'Dela Cruz'. */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[ .-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase())
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`)

/** The invite link: the portal's referral page with the referrer's invite code. */
export function inviteLink(publicUrl: string, code: string): string {
  const url = new URL(REFERRAL_PAGE_PATH.slice(1), withSlash(publicUrl))
  url.searchParams.set('invite', code)
  return url.toString()
}

export function invitationEmail(options: {
  productName: string
  publicUrl: string
  to: string
  firstName: string
  referrerFirstName: string
  inviteCode: string
  rewardPesos: number
  expiryDays: number
}): OutgoingMessage {
  const referrer = titleCase(options.referrerFirstName)
  return {
    channel: 'email',
    recipient: options.to,
    subject: `${referrer} invites you to ${options.productName} Fibre`,
    body: [
      `Hello ${titleCase(options.firstName)},`,
      '',
      `${referrer}, a ${options.productName} subscriber, thinks you would enjoy ${options.productName} Fibre at home and referred you.`,
      `Fibre reaches your address. See the plans and apply here: ${inviteLink(options.publicUrl, options.inviteCode)}`,
      '',
      `This invitation is open for ${options.expiryDays} days. Once your service is installed, ${referrer} receives a ${formatPesos(options.rewardPesos)} credit as thanks.`,
      '',
      `If you do not know ${referrer} or do not want this, ignore this email: we will not write again about it.`,
      '',
      options.productName,
    ].join('\n'),
  }
}

export function winbackEmail(options: {
  productName: string
  publicUrl: string
  to: string
  firstName: string
  serviceable: boolean
}): OutgoingMessage {
  const apply = new URL('CheckAvailability', withSlash(options.publicUrl)).toString()
  const next = options.serviceable
    ? [
        `Good news: fibre reaches your address. Choose a plan and apply here: ${apply}`,
        'Use the same email address or mobile number, so we know it is you coming back.',
      ]
    : [
        'Fibre does not reach your address yet, so we cannot connect you for now.',
        'We keep your request; you can check again any time, as our network grows.',
      ]
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Welcome back to ${options.productName}`,
    body: [
      `Hello ${titleCase(options.firstName)},`,
      '',
      `Thank you for wanting to come back to ${options.productName} Fibre. We received your request.`,
      '',
      ...next,
      '',
      options.productName,
    ].join('\n'),
  }
}

export function eligibilityCodeMessage(options: {
  channel: 'email' | 'mobile'
  to: string
  productName: string
  code: string
  accountNumber: string
  minutes: number
}): OutgoingMessage {
  const { productName, code, minutes } = options
  const ending = options.accountNumber.slice(-4)
  const line = `${code} is your ${productName} code to confirm referrals from the account ending in ${ending}. It expires in ${minutes} minutes.`
  const warning = 'If you did not ask for it, ignore this message. Never share the code.'
  if (options.channel === 'mobile')
    return { channel: 'sms', recipient: options.to, subject: `${productName} code`, body: `${line} ${warning}` }
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Your ${productName} code to confirm referrals`,
    body: ['Hello,', '', line, '', warning, '', productName].join('\n'),
  }
}
