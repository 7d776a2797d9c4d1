/** Consent management's words (issue 11 item 6). Spec 8's failure text is verbatim; the rest are ours. */
export const CONSENT_TEXT = {
  heading: 'Consent Management',
  intro:
    'Under the Data Privacy Act of 2012 you decide what we may use your personal data for beyond your subscription. You may give or withdraw each consent at any time; we keep a record of every change.',
  contractNote:
    'What we need to provide, bill and repair your service, and what the law requires, does not rest on consent and is not listed here. The Privacy Notice explains it.',
  privacyNoticeLink: 'Read the Privacy Notice',
  // spec 8, consent.
  saveFailed: "We are unable to save the changes you've made. Please try again.",
  loadFailed: 'Your consents cannot be shown right now. Please try again later.',
  stateGiven: 'Given',
  stateWithdrawn: 'Withdrawn',
  stateNotGiven: 'Not given',
  since: (when: string) => `since ${when}`,
  giveButton: 'GIVE CONSENT',
  withdrawButton: 'WITHDRAW CONSENT',
  giveLabel: (title: string) => `Give consent: ${title}`,
  withdrawLabel: (title: string) => `Withdraw consent: ${title}`,
  history: 'History',
  historyEntry: (state: string, when: string, channel: string) => `${state} on ${when} (${channel})`,
  given: (title: string) => `Thank you. Your consent to "${title}" is recorded.`,
  withdrawn: (title: string) => `Your consent to "${title}" is withdrawn.`,
} as const
