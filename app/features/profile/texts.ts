/** The profile's words (issue 11 item 7). The '24 hours' note is spec 9's; the rest are ours. */
export const PROFILE_TEXT = {
  heading: 'Profile',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  mobile: 'Mobile number',
  loadFailed: 'Your profile cannot be shown right now. Please try again later.',
  changeEmailHeading: 'Change your email address',
  changeEmailIntro:
    'We send a code to the new address. Your email address changes only when you enter that code here. It is also the email you sign in with.',
  // spec 9: profile email update reflected in 24 hours.
  emailNote: 'Your new email address will be reflected in all our systems within 24 hours.',
  newEmail: 'New email address',
  changeMobileHeading: 'Change your mobile number',
  changeMobileIntro: 'We send a code by SMS to the new number. Your number changes only when you enter that code here.',
  newMobile: 'New mobile number',
  mobileUnreachable:
    'Our last SMS to this number could not be delivered. If the number is wrong or no longer yours, change it below.',
  mobileHint: '10 digits starting with 8 or 9, e.g. 917 123 4567',
  sendCode: 'SEND CODE',
  verifyHeading: 'Enter the code',
  codeLabel: 'One-time code',
  codeSentTo: (to: string, until: string) => `We sent it to ${to}. It works until ${until}.`,
  verifyButton: 'VERIFY',
  cancelButton: 'CANCEL CHANGE',
  codeLocked: 'Too many wrong codes. Please ask for a new one.',
  codeExpired: 'This code has expired. Please ask for a new one.',
  codeSent: (to: string) => `We sent a code to ${to}.`,
  mobileChanged: (masked: string) => `Your mobile number is now ${masked}.`,
  emailChanged: (masked: string) =>
    `Your email address is now ${masked}. Your new email address will be reflected in all our systems within 24 hours.`,
  cancelled: 'The change was cancelled. Nothing was changed.',
  unknownAction: 'Please choose what to change.',
} as const
