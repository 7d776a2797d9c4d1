/** The profile forms' intents: their own module, so the page's JS does not pull in zod with the schemas. */
export const PROFILE_INTENT = {
  sendEmail: 'send-email-code',
  sendMobile: 'send-mobile-code',
  verify: 'verify-code',
  cancel: 'cancel-change',
} as const
