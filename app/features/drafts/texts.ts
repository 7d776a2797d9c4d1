/**
 * What the visitor is told of their draft's 4 hours (issue 38, item 6; spec 9: a draft is kept 4
 * hours after its last change): when it ends, the warning before it does, and that it has ended.
 */
export const DRAFT_TEXT = {
  keptUntil: (time: string) => `We keep what you have entered until ${time}, 4 hours after your last change.`,
  warningTitle: 'Do you need more time?',
  warningBody: (time: string) =>
    `For your privacy, what you have entered is cleared at ${time}. Select Continue to keep it for another 4 hours.`,
  continue: 'Continue',
  continuing: 'Keeping your details…',
  kept: (time: string) => `Done: we keep what you have entered until ${time}.`,
  ended:
    'What you had entered was cleared, because 4 hours passed since your last change. Please enter your details again.',
  startAgain: 'Start again',
  extendFailed: 'We could not keep your details just now. Please try again.',
} as const
