/** What the account screens say (spec 4: email sent, resend, verified or failed). */
export const TEXT = {
  sentHeading: 'Check your email',
  sentBody: 'We sent a link to verify your email address. Open it within 10 minutes to finish your registration.',
  resendIntro: "Didn't get the email, or did the link expire? We can send a new one.",
  resent:
    'If an account is waiting for verification at that address, we sent it a new link. The link expires in 10 minutes.',
  verifyHeading: 'Verify your email',
  verifyBody: 'Press the button to confirm that this email address is yours.',
  verifiedHeading: 'Your email is verified',
  verifiedBody: 'Your registration is complete. You can now log in.',
  verifyFailedHeading: 'Email verification failed',
  verifyFailedBody:
    'This verification link has expired or has already been used. Links work once, for 10 minutes. Enter your email address and we will send you a new link.',
  forgotHeading: 'Forgot your password?',
  forgotBody: 'Enter the email address you registered with and we will email you a link to choose a new password.',
  resetRequested:
    'If an account uses that email address, we sent it a link to reset the password. The link works for 30 minutes.',
  resetHeading: 'Choose a new password',
  resetDoneHeading: 'Your password has been changed',
  resetDoneBody: 'You can now log in with your new password.',
  resetFailedHeading: 'Password reset failed',
  resetFailedBody: 'This password reset link has expired or has already been used. Please request a new one.',
} as const
