/** The words of the due-date reminders (services/reminders/service.ts), in one place for translation (issue 38). */
export const REMINDER_TEXT = {
  beforeDue: {
    title: 'Your bill is due soon',
    body: (p: { accountNumber: string; amount: string; dueOn: string }) =>
      `Your bill for account ${p.accountNumber} is due on ${p.dueOn}. Amount to pay: ${p.amount}.`,
  },
  dueToday: {
    title: 'Your bill is due today',
    body: (p: { accountNumber: string; amount: string; dueOn: string }) =>
      `Your bill for account ${p.accountNumber} is due today, ${p.dueOn}. Amount to pay: ${p.amount}.`,
  },
  payLink: (url: string) => `Pay online: ${url}`,
  paidAlready: 'If you have paid already, thank you: you can ignore this message.',
  sms: (p: { product: string; accountNumber: string; amount: string; dueOn: string; today: boolean }) =>
    `${p.product}: your bill for account ${p.accountNumber} (${p.amount}) is due ${p.today ? 'today' : `on ${p.dueOn}`}. Ignore this if you have paid.`,
} as const
