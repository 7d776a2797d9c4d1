/**
 * What the payment pages say (issue 12). spec 8 quotes 'Unable to process payment!' with the
 * advice to try other channels; spec 9 the posting times and internet banking's charge; the
 * channel groups are spec 3's names. The rest is ours.
 */
export const PAY_TEXT = {
  // /payBill: a guest's account number.
  guestTitle: 'Pay your bill',
  // issue 16: the store locator, from /payBill and the counter channels.
  findPaymentCentre: 'Find a payment centre or authorized outlet near you',
  guestIntro: 'Pay without signing in: enter the 13-digit account number on your bill.',
  accountNumberLabel: 'Account number',
  accountNumberHint: '13 digits, as printed on your bill.',
  accountNumberRequired: 'Enter your account number.',
  accountNumberInvalid: 'An account number is 13 digits.',
  accountNotFound: 'We could not find that account. Check the number on your bill.',
  continueButton: 'CONTINUE',
  signInInstead: 'Subscriber? Sign in to see your bills and pay from your account.',
  signIn: 'Sign in',

  // The pay form.
  payTitle: 'Pay your bill',
  payDescription: 'Pay your fibre bill by card, e-wallet, internet banking or at a counter.',
  accountHeading: 'Account',
  accountName: 'Account name',
  amountDueLabel: 'Amount due',
  dueDateLabel: 'Due date',
  nothingDue: 'You have nothing due right now. You can still pay ahead.',
  amountLabel: 'Amount to pay',
  amountHint: (minimum: string, maximum: string) =>
    `Pay the amount due, part of it, or ahead: from ${minimum} to ${maximum}.`,
  amountRequired: 'Enter the amount to pay.',
  amountInvalid: 'Enter an amount in pesos, e.g. 1799.00.',
  amountTooSmall: (minimum: string) => `The smallest payment is ${minimum}.`,
  amountTooLarge: (maximum: string) => `The most you can pay now is ${maximum}.`,
  channelLegend: 'How would you like to pay?',
  channelRequired: 'Choose how you would like to pay.',
  reviewButton: 'REVIEW PAYMENT',
  reviewHeading: 'Check your payment',
  reviewAmount: 'Payment to your account',
  reviewCharge: 'Service charge',
  reviewTotal: 'Total to pay',
  reviewChannel: 'Paying with',
  payButton: (total: string) => `PAY ${total}`,
  getReferenceButton: 'GET A PAYMENT REFERENCE',
  changeButton: 'CHANGE',
  installerNote: 'Pay via installer (cash at installation) is for new applications only.',
  methodsFailed: 'We could not load the payment channels just now. Please try again later.',

  // spec 8.
  unableToProcess: 'Unable to process payment!',
  tryOtherChannels: 'Please try other payment channels.',
  tryAgain: 'TRY ANOTHER CHANNEL',

  // The payment's state.
  statusTitle: 'Your payment',
  statusHeading: {
    posted: 'Payment received',
    pending: 'We are confirming your payment',
    authorised: 'We are confirming your payment',
    awaiting_payment: 'Your payment reference',
    failed: 'Unable to process payment!',
    cancelled: 'Payment cancelled',
    expired: 'This payment reference has expired',
  },
  statusDetail: {
    posted: 'Thank you. Your payment is posted to your account.',
    pending: 'The payment channel has not confirmed your payment yet. This page shows it as soon as it does.',
    authorised: 'Your payment went through. We are checking it before it is posted to your account.',
    awaiting_payment: 'Pay at the counter with this reference before it expires.',
    failed: 'Please try other payment channels.',
    cancelled: 'Nothing was charged. You can pay again with any channel.',
    expired: 'Nothing was paid with it. Get a new reference or pay online.',
  },
  checkAgain: 'CHECK AGAIN',
  referenceLabel: 'Payment reference',
  payAtLabel: 'Pay at',
  expiresLabel: 'Pay before',
  amountLabelShort: 'Amount',
  chargeLabelShort: 'Service charge',
  totalLabelShort: 'Total',
  postingLabel: 'When it shows on your account',
  printSlip: 'PRINT THIS SLIP',
  printHint: 'Print this page, or write the reference down, and bring it to the counter.',
  timelineHeading: 'What happened',
  timeline: {
    initiated: 'Payment started',
    authorised: 'Paid, confirmed by the payment channel',
    posted: 'Posted to your account',
    receipt_emailed: 'Receipt emailed',
    failed: 'Payment failed',
    cancelled: 'Payment cancelled',
  },
  backToBills: 'BACK TO BILL HISTORY',
  payAgain: 'PAY ANOTHER AMOUNT',
  done: 'DONE',
  notFound: 'We could not find that payment.',
  guestForgotten: 'This browser no longer holds that payment. Check your email for the receipt, or pay again.',

  // Bill history.
  paymentsHeading: 'Payments made here',
  paymentsEmpty: 'Payments you make on this site show here, with each step until they are posted.',
  paymentsFailed: 'We could not load your payments just now.',
  status: {
    pending: 'Confirming',
    awaiting_payment: 'Waiting for payment',
    authorised: 'Confirming',
    posted: 'Posted',
    failed: 'Failed',
    cancelled: 'Cancelled',
    expired: 'Expired',
  },
} as const
