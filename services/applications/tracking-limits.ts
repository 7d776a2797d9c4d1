/**
 * The limits of tracking an application after submission (docs/decisions/0033) and the
 * refusals that answer past them: every part of the tracking service reads them, and its
 * routes and tests name them.
 */

export const TRACKING_LIMITS = {
  lookupWindowMinutes: 15,
  /** Failed lookups of one reference number per window. */
  lookupFailuresPerReference: 5,
  /** Failed lookups with one email or mobile per window. */
  lookupFailuresPerIdentifier: 10,
  /** Failed lookups from one client address (as the portal saw it) per window. */
  lookupFailuresPerAddress: 30,
  codeMinutes: 10,
  codeTries: 5,
  codesPerLink: 3,
  sessionMinutes: 60,
  /** Compliance links an applicant may ask for again, per application and hour. */
  resendsPerHour: 5,
  verificationHours: 72,
} as const

export const TRACKING_MESSAGES = {
  /** Every failed lookup, whatever failed: no hint whether the reference exists. */
  notFound:
    'We could not find an application with these details. Please check the reference number and the email address or mobile number.',
  limited: 'Too many attempts. Please try again in 15 minutes.',
  linkInvalid: 'This link is invalid, expired or already used. Check your application status to ask for a new one.',
  codeWrong: 'The code is not correct.',
  codeDead: 'This code has expired or was tried too many times. Send a new code.',
  tooManyCodes: 'Too many codes were sent for this link. Check your application status to ask for a new link.',
  notForCompliance: 'This application does not need documents now.',
  tooManyResends: 'We already sent you a link recently. Please check your email or try again in an hour.',
} as const
