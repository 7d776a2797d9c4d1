/** The status, compliance and application verification screens' words (issue 10 parts 3 and 4). */
import { CATEGORY_LABELS, type DocumentCategory } from '../../../lib/application-status-words'

export const TEXT = {
  lookupHeading: 'Check your application status',
  lookupIntro:
    'Enter the reference number from your confirmation email and the email address or mobile number you applied with.',
  referenceLabel: 'Reference number',
  referenceHint: 'For example OO-261123-4KM7QX',
  identifierLabel: 'Email address or mobile number',
  lookupButton: 'CHECK STATUS',
  referenceRequired: 'Please enter your reference number',
  referenceInvalid: 'Please enter the reference number as it appears in your email, e.g. OO-261123-4KM7QX',
  identifierRequired: 'Please enter the email address or mobile number you applied with',
  identifierInvalid: 'Please enter a valid email address or 10-digit mobile number',
  /** Every miss, whatever missed (the service's generic message, docs/decisions/0033). */
  notFound:
    'We could not find an application with these details. Please check the reference number and the email address or mobile number.',
  statusHeading: (ref: string) => `Application ${ref}`,
  currentStatus: 'Current status',
  timelineHeading: 'Timeline',
  plan: 'Plan',
  appointment: 'Installation appointment',
  documentsNeeded: 'Documents we need again',
  resendButton: 'EMAIL ME THE LINK TO SEND THEM',
  resendSent: 'We sent a link to the email address on your application. It works once; open it to send the documents.',
  rejectedReason: 'Reason',

  complianceHeading: 'Send your documents again',
  complianceStart:
    'To protect your application, we first email a 6-digit code to the email address on your application.',
  sendCodeButton: 'SEND ME A CODE',
  codeSent: (masked: string) => `We sent a 6-digit code to ${masked}. It works for 10 minutes.`,
  codeLabel: '6-digit code',
  verifyCodeButton: 'CONFIRM',
  resendCodeButton: 'SEND A NEW CODE',
  linkInvalidHeading: 'This link does not work',
  linkInvalid: 'This link is invalid, expired or already used. Check your application status to ask for a new one.',
  checkStatusLink: 'Check your application status',
  complianceOpenHeading: (ref: string) => `Documents for application ${ref}`,
  complianceOpenIntro: 'We could not accept these documents. Please send each one again.',
  uploadLink: (label: string) => `Upload ${label}`,
  nothingOpen: 'We have all the documents we need for now. Thank you.',
  uploadHeading: (label: string) => `Send your ${label} again`,
  uploadIntro: 'JPG or PDF, up to 5 MB. Phone photos (HEIC, PNG) are converted to JPG for you.',
  fileLabel: 'Choose a file',
  chooseDocument: 'Please choose which document this is.',
  whichDocument: 'Which document is this?',
  uploadButton: 'SEND DOCUMENT',
  backToCompliance: 'Back to your documents',
  reuploaded: (category: DocumentCategory) => `${CATEGORY_LABELS[category]}: received. Thank you.`,

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
