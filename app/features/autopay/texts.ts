/**
 * What /customer/auto-pay says (issue 12, item 4). spec 8 quotes 'AutoPay set up failed!',
 * 'Unable to cancel AutoPay!', "We're unable to fetch your AutoPay details" and "We're unable
 * to fetch your account details"; the rest is ours.
 */
export const AUTOPAY_TEXT = {
  pageTitle: 'AutoPay',
  pageDescription: 'Pay each bill on its due date with your card, automatically.',
  intro:
    'AutoPay pays each bill from your card on its due date. Your card is added on the payment gateway’s secure page: we never see or keep its number.',
  accountLabel: 'Account number',
  showButton: 'SHOW',
  noAccount: 'No account number available',

  // spec 8.
  setUpFailed: 'AutoPay set up failed!',
  unableToCancel: 'Unable to cancel AutoPay!',
  unableToFetch: "We're unable to fetch your AutoPay details",
  unableToFetchAccount: "We're unable to fetch your account details",

  notSetUpHeading: 'AutoPay is not set up',
  setUpButton: 'SET UP AUTOPAY',
  pendingHeading: 'Finish adding your card',
  pendingDetail: 'Your card is not added yet. Continue on the payment gateway’s page, or start again.',
  continueButton: 'CONTINUE ADDING MY CARD',
  startAgainButton: 'START AGAIN',

  verifyHeading: 'Confirm your card',
  verifyDetail: (card: string) =>
    `We charged a small amount, under ₱10.00, to your ${card}, and will give it back. Enter the amount your bank shows to finish setting up AutoPay.`,
  verifyLabel: 'Amount charged',
  verifyHint: 'In pesos and centavos, e.g. 3.47.',
  verifyRequired: 'Enter the amount charged to your card.',
  verifyInvalid: 'Enter the amount in pesos and centavos, e.g. 3.47.',
  triesLeft: (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left.`,
  verifyButton: 'VERIFY',

  activeHeading: 'AutoPay is on',
  cardLabel: 'Card',
  card: (brand: string, last4: string) => `${brand} ending ${last4}`,
  activeSince: 'On since',
  nextChargeLabel: 'Next payment',
  nextCharge: (amount: string, date: string) => `${amount} on ${date}`,
  noNextCharge: 'Nothing is due. AutoPay pays your next bill on its due date.',
  changeCardButton: 'CHANGE CARD',
  cancelButton: 'CANCEL AUTOPAY',
  confirmChangeHeading: 'Change your AutoPay card?',
  confirmChange: (card: string) =>
    `Your ${card} is removed first; then you add the new card on the payment gateway’s page and confirm it. Until then, AutoPay pays nothing.`,
  confirmCancelHeading: 'Cancel AutoPay?',
  confirmCancelAfter: (date: string) =>
    `AutoPay still pays your bill due on ${date}. After that, pay each bill yourself.`,
  confirmCancelNow: 'AutoPay stops at once. Pay each bill yourself from then on.',
  yes: 'YES',
  no: 'NO',

  cancellingHeading: 'AutoPay is cancelled',
  cancellingDetail: (date: string) =>
    `AutoPay still pays your bill due on ${date}, then stops. After that, pay each bill yourself.`,
  cancelledNow: 'AutoPay is cancelled. Pay each bill yourself from now on.',
  setUpDone: 'AutoPay is set up.',
  cardChanged: 'Add your new card to finish.',

  chargesHeading: 'AutoPay payments',
  chargeStatus: {
    scheduled: 'Scheduled',
    processing: 'Being paid',
    paid: 'Paid',
    failed: 'Failed',
    skipped: 'Not needed',
  },
  nextTry: (date: string) => `Next try ${date}`,
  lastEnded: 'Last time',
} as const
