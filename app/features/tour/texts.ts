/**
 * The guided tour's words (spec 4: 'Skip Tour', 'End Tour', Start Tour; the rest are ours).
 * The dashboard prompt's are in tour-prompt.tsx, so the dashboard's JS carries only those.
 */
export const TOUR_TEXT = {
  startTour: 'Start Tour',
  pageHeading: 'A tour of your account',
  pageIntro:
    'The guided tour points at each of these on your pages when JavaScript is on. Here are the same nine points, in the same order, with a link to each page.',
  openPage: 'Open this page',
  finished: 'DONE, STOP SHOWING THE TOUR',
  needsScript: 'The guided tour needs JavaScript in your browser; this page covers the same points.',
  tourOff: 'The tour will not be offered again. You can start it from this page at any time.',
} as const
