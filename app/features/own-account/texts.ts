/**
 * What /get-started and /customer say about the user's own accounts. spec 8's texts are
 * word for word ('Could not be unlinked'; the "cannot be linked" message comes from the
 * upstream); the rest is ours.
 */
export const OWN_ACCOUNT_TEXT = {
  linkHeading: 'Link an account',
  linkAnotherHeading: 'Link another account',
  linkHint: 'Your 13-digit account number is printed on your bill.',
  accountNumberLabel: 'Account number',
  linkButton: 'LINK ACCOUNT',
  // The ownership proof (our texts; the spec shows none).
  proofHeading: 'Prove that this account is yours',
  proofIntro:
    "To keep other people out of your account, we send a one-time code to the email address or mobile number on the account's record. Enter it here to link the account.",
  proofAccountLabel: 'Account number',
  channelLegend: 'Send the code to',
  channelEmail: (masked: string) => `Email: ${masked}`,
  channelMobile: (masked: string) => `SMS to mobile number ${masked}`,
  sendCodeButton: 'SEND CODE',
  sendNewCodeButton: 'SEND A NEW CODE',
  codeSent: (maskedDestination: string) => `We sent a 6-digit code to ${maskedDestination}.`,
  codeSentTo: (maskedDestination: string, expiresAt: string) =>
    `Enter the 6-digit code we sent to ${maskedDestination}. It works until ${expiresAt}.`,
  codeLabel: 'One-time code',
  verifyButton: 'VERIFY',
  cancelProofButton: 'CANCEL',
  codeExpired: 'Your code has expired. Send a new one.',
  codeLocked: 'Too many wrong codes. Send a new one.',
  needsVerification: 'Needs verification',
  proveButton: 'VERIFY NOW',
  // A button's name starts with the words it shows (WCAG 2.5.3, label in name), then says which account.
  proveLabel: (accountNumber: string) => `Verify now, account ${accountNumber}`,
  needsVerificationNote:
    'Accounts marked "Needs verification" show no account details until you prove they are yours with a one-time code.',
  alreadyLinked: 'This account is already linked to you.',
  // Toasts travel in a cookie to the next page: only the last four digits (no account
  // number in browser storage).
  linked: (accountNumber: string) => `The account ending in ${accountNumber.slice(-4)} is now linked.`,
  linkedHeading: 'Your accounts',
  defaultMark: '(default)',
  makeDefaultButton: 'MAKE DEFAULT',
  makeDefaultLabel: (accountNumber: string) => `Make default, account ${accountNumber}`,
  defaultChanged: (accountNumber: string) =>
    `The account ending in ${accountNumber.slice(-4)} is now your default account.`,
  defaultFailed: 'Could not change your default account. Please try again.',
  unlinkButton: 'UNLINK',
  unlinkQuestion: (accountNumber: string) => `Unlink account ${accountNumber}?`,
  unlinkBody: 'Its bills and modem will no longer show here. You can link it again later.',
  unlinked: (accountNumber: string) => `The account ending in ${accountNumber.slice(-4)} was unlinked.`,
  unlinkFailed: 'Could not be unlinked', // spec 8
  unknownAction: 'That action is not available. Please try again.',
  welcomeHeading: (productName: string) => `Welcome to ${productName}!`,
  welcomeBody: 'Your bills, payments, modem and help, all here.',
  welcomeClose: 'GOT IT',
  registrationSuccessHeading: 'Registration successful',
  registrationSuccessBody: 'Your account is ready. Check where fibre is available, choose a plan and apply online.',
  close: 'CLOSE',
  no: 'NO',
  yes: 'YES',
} as const
