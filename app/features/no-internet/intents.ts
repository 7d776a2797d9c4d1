/** The report page's and the ticket page's form intents, and the report page's path (shared by the screens and the server). */
export const NO_INTERNET_PATH = '/customer/no-internet'
export const NO_INTERNET_INTENT = { start: 'start', restart: 'restart', answer: 'answer' } as const
export const VISIT_INTENT = { book: 'book-visit', cancel: 'cancel-visit' } as const
