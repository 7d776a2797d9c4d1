/**
 * The referrals service's words (issue 15): its refusals, which the portal shows as they
 * come, and the programme's terms. Ours: the spec shows none for these.
 */
import { formatPesos } from '../../lib/pesos.ts'
import type { ReferralSettings } from '../context.ts'
import { CODE_TEXT } from '../otp/code.ts'

const ONLY_ACTIVE = 'Only an account with an active subscription can refer friends.'

export const REFERRAL_MESSAGES = {
  /** The account is suspended or disconnected. */
  accountNotActive: (accountNumber: string, status: string) => `Account ${accountNumber} is ${status}. ${ONLY_ACTIVE}`,
  /** The registry has no subscription for the account. */
  noSubscription: (accountNumber: string) => `Account ${accountNumber} has no subscription on record. ${ONLY_ACTIVE}`,
  /** Not an account of the portal's product, or not in the registry at all. */
  notOurAccount: (accountNumber: string, productName: string) =>
    `Account ${accountNumber} is not a ${productName} Fibre account, so it cannot refer friends.`,
  eligibilityUnconfirmed:
    "Please confirm that you hold this account before your first referral: we send a one-time code to the account's registered email address or mobile number.",
  alreadyConfirmed: 'You have already confirmed this account. You can refer friends now.',
  selfReferral:
    'You cannot refer yourself. Please enter the details of a friend who lives at another address and has their own email address and mobile number.',
  alreadyReferred: 'This person already has a referral in progress, so they cannot be referred again until it ends.',
  monthlyLimit: (limit: number) =>
    `You have reached this month's limit of ${limit} referrals. You can refer more friends from the 1st of next month.`,
  referrerAccountMismatch: 'The referring account must be the account you chose.',
  winbackReferenceTaken: 'This availability check was already used for another Win Back request. Please check again.',
  notFound: 'We could not find that referral.',
  notWaiting: 'This referral is no longer waiting for your friend to apply, so there is nothing to resend.',
  tooManyResends: (limit: number) =>
    `We have already resent this invitation ${limit} times. Please ask your friend to check their inbox and spam folder.`,
  inviteNotFound: 'This invite link is no longer valid. You can still check availability and apply.',
  // The one-time code (confirmation of eligibility).
  noContact:
    'We have no email address or mobile number on record for this account, so it cannot be confirmed online. Please call our hotline.',
  channelUnavailable: 'This account has no registered contact of that kind. Please choose another.',
  // A refused code: the same words in every flow (services/otp/challenge.ts answers with them).
  ...CODE_TEXT,
  tooManyCodesForAccount: 'Too many codes were sent for this account. Please try again in an hour.',
  tooManyCodesForUser: 'You have asked for too many codes. Please try again in an hour.',
} as const

/** The programme's terms, short and plain, with the configured figures. */
export function referralTerms(settings: ReferralSettings, productName: string): string[] {
  return [
    `Refer a friend who does not have ${productName} Fibre yet. Once they apply and their service is installed, we credit ${formatPesos(settings.rewardPesos)} to your account.`,
    "Only an account with an active subscription can refer friends, after you confirm with a one-time code sent to the account's registered email address or mobile number.",
    `You can make up to ${settings.monthlyLimit} referrals a calendar month.`,
    `An invitation stays open for ${settings.expiryDays} days. If your friend has not applied by then, it expires.`,
    'A person can have only one referral in progress at a time. You cannot refer yourself, your own email address or mobile number, or your own address.',
    'The reward is credited once per friend, to the referring account, after installation. It is not paid in cash.',
    "If fibre does not reach your friend's address yet, the referral closes; you can refer them again once it does.",
  ]
}
