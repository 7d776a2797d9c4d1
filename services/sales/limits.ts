/**
 * The sales service's limits and its refusals: every part of it answers with them, and its
 * routes read the page sizes and the bulk limit.
 */

export const SALES_MESSAGES = {
  notSales: 'Sorry, you are not authorized for the selected action.',
  noAgentCode: 'Sales agent data unavailable!',
  notFound: 'No such application.',
  adminOnly: 'Only a sales admin may reassign applications.',
  notADraft: 'Only a draft application can be deleted.',
  draftNotSubmitted: 'This is a draft: it has not been submitted yet.',
  notInTeam: 'Not an agent of your team.',
  referencesRefused: 'These applications are not on your team, or do not exist; nothing was moved.',
  tooManyPdfs: 'The summary was sent several times in the last hour. Please try again later.',
  adminsOnly: 'Only a sales admin may see the serviceable leads.',
} as const

export const SALES_LIMITS = {
  maxPageSize: 50,
  defaultPageSize: 20,
  maxBulk: 100,
  pdfSendsPerHour: 3,
  seriesDays: 14,
} as const
