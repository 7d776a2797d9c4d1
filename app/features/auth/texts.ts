/**
 * One message for a wrong password, an unknown email and a locked account, so the
 * screen never tells whether an account exists (docs/security.md, Sign-in).
 */
export const SIGN_IN_FAILED = 'Invalid email or password.'
export const SIGN_IN_EXPIRED = 'Your sign-in took too long or was already completed. Please log in again.'
