/**
 * What an applicant reads in the portal when their application moves (issue 11, item 4:
 * application status creates a notification). Our words: the spec shows none.
 */
import { STATUS_LABELS, type ApplicationStatus } from '../../lib/application-status.ts'
import type { NotificationSeverity } from '../../lib/notifications.ts'

const BODIES: Record<ApplicationStatus, string> = {
  submitted: 'We received your application.',
  documents_in_review: 'We are reviewing the documents you sent.',
  for_compliance: 'Some of your documents need another look. We emailed you a link to send them again.',
  approved: 'Your application is approved. We will schedule your installation next.',
  installation_scheduled: 'Your installation is scheduled. Our crew will arrive on the date you chose.',
  installed: 'Your fibre is installed. Welcome aboard!',
  rejected: 'We could not approve your application. Check its status for the reason.',
}

const SEVERITIES: Partial<Record<ApplicationStatus, NotificationSeverity>> = {
  for_compliance: 'warning',
  approved: 'success',
  installed: 'success',
  rejected: 'critical',
}

export function applicationStatusNotification(referenceNo: string, status: ApplicationStatus) {
  return {
    kind: 'application_status' as const,
    severity: SEVERITIES[status] ?? 'info',
    title: `Application ${referenceNo}: ${STATUS_LABELS[status]}`,
    body: BODIES[status],
    // The public status page: it asks for the reference and the email or mobile (never put in a link).
    link: '/check-status',
  }
}
