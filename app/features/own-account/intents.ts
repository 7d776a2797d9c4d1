/** The own-account forms' `intent` values, shared by the forms and their action (no server code here). */
export const INTENT = {
  link: 'link',
  unlink: 'unlink',
  makeDefault: 'make-default',
  dismissWelcome: 'dismiss-welcome',
  dismissRegistrationSuccess: 'dismiss-registration-success',
} as const
