/** Words the portal's shared helpers show, whichever feature they serve. */
export const SHARED_TEXT = {
  // spec 8: an upstream call that failed through nothing the user did.
  upstreamFailed: 'Something went wrong. Please try again later.',
} as const
