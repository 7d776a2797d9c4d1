/**
 * What the sales area says (issue 13). spec 8 quotes 'Sales agent data unavailable!'; the
 * buckets are the sales service's labels (spec 4: 'Draft Application'); the rest is ours.
 */
export const SALES_TEXT = {
  dashboardTitle: 'Sales dashboard',
  dashboardDescription: 'Your applications, drafts and figures.',
  agentUnavailable: 'Sales agent data unavailable!',
  welcome: (name: string) => `Welcome, ${name}`,
  nav: { label: 'Sales', dashboard: 'Dashboard', account: 'Account Info' },
  role: { agent: 'Sales agent', admin: 'Sales admin' },
  agentCode: 'Agent code',
  tsm: 'Team sales manager',
  noCode: 'None assigned',

  statsHeading: 'Your figures',
  teamStatsHeading: 'Team figures',
  thisWeek: 'This week',
  thisMonth: 'This month',
  filed: 'filed',
  submitted: 'submitted',
  conversion: 'Conversion this month',
  noConversion: 'Nothing filed yet this month',
  chartTitle: (drafts: number, submitted: number) =>
    `Last 14 days: ${drafts} drafts and ${submitted} submitted applications, by day`,
  statsFailed: 'We could not load the figures just now.',

  listHeading: 'Applications',
  searchLabel: 'Search',
  searchHint: 'Name, reference number, email or mobile number.',
  statusLabel: 'Status',
  anyStatus: 'Any status',
  agentLabel: 'Agent',
  anyAgent: 'Whole team',
  fromLabel: 'From',
  toLabel: 'To',
  filterButton: 'SEARCH',
  clearFilters: 'Clear',
  listFailed: 'We could not load the applications just now. Please try again later.',
  listEmpty: 'No applications match.',
  columns: {
    select: 'Select',
    reference: 'Reference',
    customer: 'Customer',
    status: 'Status',
    agent: 'Agent',
    updated: 'Last change',
  },
  page: (page: number, pages: number, total: number) => `Page ${page} of ${pages} · ${total} in all`,
  previous: 'Previous page',
  next: 'Next page',
  noName: 'No name yet',

  reassignHeading: 'Reassign to another agent',
  reassignAgent: 'New agent',
  reassignAgentRequired: 'Choose the agent to reassign to.',
  reassignNoneChosen: 'Choose at least one application to reassign.',
  reassignButton: 'REASSIGN',
  reassignConfirmHeading: 'Reassign these applications?',
  reassignConfirm: (count: number, agent: string) =>
    `${count} ${count === 1 ? 'application goes' : 'applications go'} to ${agent}. The agent who filed ${count === 1 ? 'it' : 'them'} will no longer see ${count === 1 ? 'it' : 'them'}.`,
  yes: 'YES',
  no: 'NO',
  reassigned: (count: number, agent: string) =>
    `${count} ${count === 1 ? 'application' : 'applications'} reassigned to ${agent}.`,
  reassignFailed: 'We could not reassign them. Nothing was changed. Please try again.',
} as const
