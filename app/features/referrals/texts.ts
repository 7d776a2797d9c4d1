/**
 * What the referral pages say (issue 15; spec 1, 2, 4, 8). The spec names the failures
 * ("link not sent", "info not sent") without their words, and shows no others: ours.
 */
export const REFERRALS_TEXT = {
  // /customer/referrals
  pageTitle: 'Refer and Earn',
  pageDescription: 'Refer friends to fibre and earn a bill credit when they are installed.',
  heading: 'Refer and Earn',
  intro: (reward: string) =>
    `Invite a friend to our fibre. When they apply and we install their fibre, we credit ${reward} to your bill.`,
  termsHeading: 'How it works',
  limitNote: (used: number, limit: number) => `You have referred ${used} of ${limit} friends this month.`,
  account: (accountNumber: string) => `Referring as account ${accountNumber}`,
  noAccount: 'Link your fibre account first: only a subscriber can refer friends.',
  linkAccount: 'Link an account',
  notEligibleHeading: 'You cannot refer friends right now',

  // Eligibility: the one-time code before a first referral
  confirmHeading: 'Confirm it is you',
  confirmIntro:
    'Before your first referral, we send a one-time code to the email or mobile number registered on your account.',
  sendTo: 'Send the code to',
  sendCode: 'SEND CODE',
  codeSent: (destination: string) => `We sent a code to ${destination}. It works for 10 minutes.`,
  codeLabel: 'One-time code',
  codeHint: '6 digits',
  verify: 'CONFIRM',
  codeRequired: 'Please enter the 6-digit code',
  confirmed: 'Thank you: you can refer friends now.',
  channels: { email: 'Email', mobile: 'Mobile number' },

  // The invite link and the video
  inviteHeading: 'Your invite link',
  inviteIntro: 'Share it with friends: whoever applies through it is counted as your referral.',
  inviteLabel: 'Invite link',
  copy: 'Copy link',
  copied: 'Copied',
  videoHeading: 'Watch how referrals work',
  videoUnavailable: 'The referral video is not available here yet: “How it works” below says the same in words.',
  referFriend: 'REFER A FRIEND',

  // The list
  listHeading: 'Your referrals',
  empty: 'You have not referred anyone yet.',
  referenceLabel: 'Reference',
  reward: (amount: string) => `Reward: ${amount}`,
  // The reward's credit on the bills (issue 37; docs/decisions/0076).
  rewardOnNextBill: 'It comes off your next bill.',
  rewardRestOnNextBill: (amount: string) => `${amount} more comes off your next bill.`,
  rewardTakenOff: (month: string) => `Taken off your bill of ${month}.`,
  rewardPartTakenOff: (amount: string, month: string) => `${amount} taken off your bill of ${month}.`,
  resend: 'Send the invitation again',
  resent: (name: string) => `We sent your invitation to ${name} again.`,
  // spec 8, referral failed messages: link not sent, info not sent.
  linkNotSent: 'Your referral link was not sent.',
  infoNotSent: 'Your referral information was not sent.',
  winbackNotSent: 'Your Win Back request was not sent.',

  // /customer/referrals/success and failed
  successTitle: 'Referral sent',
  successHeading: 'Thank you for your referral!',
  successBody: (name: string) =>
    `We emailed ${name} your invitation. You can follow the referral in your list: we tell you when your reward is credited.`,
  successNotServiceable: (name: string) =>
    `Fibre does not reach ${name}’s address yet. We recorded the referral and will email them once when it does.`,
  backToReferrals: 'BACK TO REFERRALS',
  done: 'DONE',
  failedTitle: 'Referral not sent',
  tryAgain: 'TRY AGAIN',

  // /referral (public)
  publicTitle: 'Refer friends and come back to fibre',
  publicDescription: 'Refer and Earn for subscribers, and Win Back for former subscribers.',
  publicHeading: 'Referrals',
  referAndEarnHeading: 'Refer and Earn',
  referAndEarnBody: (reward: string) =>
    `Subscribers invite friends from their account. When a friend is installed, the subscriber gets ${reward} off their bill.`,
  referAndEarnAction: 'LOG IN TO REFER',
  winbackHeading: 'Win Back',
  winbackBody:
    'Were you a subscriber before? Check whether our fibre reaches your address and tell us you want to come back: no login needed.',
  winbackAction: 'COME BACK TO FIBRE',
  invitedHeading: (name: string) => `${name} invited you to our fibre`,
  invitedBody: 'Check whether fibre reaches your address. If it does and you apply, your friend is thanked for it.',
  invitedAction: 'CHECK AVAILABILITY',
  inviteUnknown: 'This invite link is not valid any more. You can still check availability on your own.',
  inviteFailed: 'We could not read this invite link right now. Please try again later.',
  invitedBanner: (name: string) => `Invited by ${name}: your application counts as their referral.`,

  // /referral/winback
  winbackTitle: 'Win Back',
  winbackIntro: 'Tell us who you are, then your address: we check our fibre there and call you about your return.',
  winbackSuccessTitle: 'Win Back request sent',
  winbackSuccessHeading: 'Welcome back!',
  winbackSuccessBody:
    'We have your Win Back request and emailed you a confirmation. We call you within two working days about your return.',
  winbackSuccessNotServiceable:
    'Fibre does not reach your address yet: we recorded your request and will email you once when it does.',
} as const
