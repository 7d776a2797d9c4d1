/** The own-account forms' `intent` values, shared by the forms and their action (no server code here). */
export const INTENT = {
  link: 'link',
  // The ownership proof (docs/security.md, Ownership proof): prove an unverified link, send a
  // code to the chosen contact, check the code, give up.
  prove: 'prove',
  sendCode: 'send-code',
  verifyCode: 'verify-code',
  cancelProof: 'cancel-proof',
  unlink: 'unlink',
  makeDefault: 'make-default',
  dismissWelcome: 'dismiss-welcome',
  dismissRegistrationSuccess: 'dismiss-registration-success',
} as const
