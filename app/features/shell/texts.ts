import { NOT_AUTHORIZED } from '~/auth/guard'

/** The shell's words for pages that went wrong, one pair per status (spec 8 where it has them). */
export const ERROR_TEXT = {
  // spec 8
  notFound: 'Ooops! We cannot find the page you are looking for.',
  goHome: 'Go to home',
  // spec 8: the route guard's words
  notAllowed: NOT_AUTHORIZED,
  notAllowedDetail: 'This page is for another kind of account. Log in with one that may open it, or go back home.',
  formUnreadable: 'The form could not be read. Please try again.',
  formUnreadableDetail: 'Open the page again and send the form once more.',
  tooManyRequests: 'Too many requests. Please slow down.',
  tooManyRequestsDetail: 'Please wait a few minutes, then try again.',
  unavailable: 'This page is not available right now.',
  unavailableDetail: 'Our service is not answering at the moment. Please try again in a few minutes.',
  // spec 8: the generic error view, for anything unexpected
  pageNotRetrieved: 'Oops! Page could not be retrieved.',
  checkConnection: 'Please check your connection and try again.',
  refresh: 'REFRESH PAGE',
} as const
