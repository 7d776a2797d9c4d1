/** The words of the "no internet" report's ticket and the repair visit's notices (issue 37, item 6). */
export const REPAIR_TEXT = {
  ticketHeading: 'No internet: the modem stopped reporting and no outage covers the area.',
  modem: (deviceId: string) => `Modem: ${deviceId}`,
  lastReport: (when: string | null) => `Last report from the modem: ${when ?? 'never'}`,
  recentSignal: 'Recent optical signal (dBm) before it went silent:',
  noSignal: 'Recent optical signal: no readings kept.',
  signalLine: (when: string, dbm: number) => `- ${when}: ${dbm.toFixed(1)} dBm`,
  stepsTried: 'Steps already tried:',
  step: (when: string, what: string) => `- ${when}: ${what}`,
  stepWords: {
    reported: 'Reported no internet',
    restart_requested: 'Modem restart requested',
    restart_skipped: 'Restart offered; the subscriber did not restart',
    restart_helped: 'The restart helped',
    restart_did_not_help: 'The restart did not help',
  } as Record<string, string>,
  assigned: {
    title: 'A technician is assigned to your repair visit',
    body: (w: { technician: string; window: string; ticket: string }) =>
      `${w.technician} will come on ${w.window} for ticket ${w.ticket}.`,
  },
  dayOf: {
    title: 'Your repair visit is today',
    body: (w: { technician: string; window: string; ticket: string }) =>
      `${w.technician} arrives ${w.window} for ticket ${w.ticket}. Please have someone at home.`,
  },
  ticketLink: (url: string) => `See your ticket: ${url}`,
  sms: (w: { product: string; title: string; technician: string; window: string; ticket: string }) =>
    `${w.product}: ${w.title}. ${w.technician}, ${w.window}. Ticket ${w.ticket}.`,
} as const

/** Demo technicians (no crew roster is kept yet): a visit gets one by its id. */
export const DEMO_TECHNICIANS = ['Rodel Santos', 'Mark Villanueva', 'Jun Dela Cruz', 'Ariel Gomez'] as const
