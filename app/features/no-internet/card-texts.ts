/** The dashboard card's words (issue 37, item 6), apart so the dashboard's JS carries only these. */
export const NO_INTERNET_CARD_TEXT = {
  offerHeading: 'No internet?',
  offerBody: (lastSeen: string) =>
    `Your modem has not reported to us since ${lastSeen}, and there is no outage in your area. Tell us and we will help.`,
  reportButton: 'REPORT NO INTERNET',
  openHeading: 'Your no-internet report',
  openBody: 'You told us your internet is down. See where it stands.',
  openLink: 'SEE MY REPORT',
} as const
