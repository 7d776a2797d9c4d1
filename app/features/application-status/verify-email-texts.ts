/**
 * What /verifyEmail/{OO-…|CVG-…} says (issue 10): apart from the status pages' texts, so the
 * verification page brings only these words (it sits at the JS budget's edge).
 */
export const APP_VERIFY_TEXT = {
  // spec 8: 'Application verification failed' with advice to retry the emailed link or contact support.
  appVerifyHeading: 'Verify your application email',
  appVerifyBody: 'Press the button to confirm the email address of your application.',
  appVerifyButton: 'VERIFY EMAIL',
  appVerifiedHeading: 'Email verified',
  appVerifiedBody: (ref: string) => `Thank you. The email address of application ${ref} is verified.`,
  appVerifyFailedHeading: 'Application verification failed',
  appVerifyFailedBody:
    'Please open the link in your latest email again. If it still does not work, contact our support team and give them your reference number.',
} as const
