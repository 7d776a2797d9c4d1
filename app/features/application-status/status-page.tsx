/** The status page (issue 10 part 3): the current status, the timeline and, for compliance, what is needed. */
import { Form } from 'react-router'
import type { StatusView } from '~/upstream/application-status.server'
import { Button } from '~/ui/button'
import { FormAlert } from '~/ui/form-alert'
import { CATEGORY_LABELS, STATUS_LABELS } from '../../../lib/application-status-words'
import { formatDate } from '../../../lib/dates'
import { TEXT } from './texts'

export type ResendReply = { sent: true } | { error: string }

export function StatusPage({ view, resend }: { view: StatusView; resend?: ResendReply }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold">{TEXT.statusHeading(view.referenceNo)}</h1>
      <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-semibold">{TEXT.currentStatus}</dt>
        <dd data-testid="current-status">{STATUS_LABELS[view.status]}</dd>
        <dt className="font-semibold">{TEXT.plan}</dt>
        <dd>{view.planName}</dd>
        <dt className="font-semibold">{TEXT.appointment}</dt>
        <dd>{view.appointment}</dd>
        <dt className="font-semibold">{TEXT.email}</dt>
        <dd data-testid="email-verification">
          {view.emailVerified
            ? TEXT.emailVerified(view.emailVerified.address, formatDate(view.emailVerified.at, 'dateTime'))
            : TEXT.emailNotVerified}
        </dd>
      </dl>

      {view.status === 'for_compliance' && view.rejections.length > 0 ? (
        <section aria-labelledby="documents-needed" className="rounded-2xl border border-brand-600 p-4">
          <h2 id="documents-needed" className="text-lg font-bold">
            {TEXT.documentsNeeded}
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {view.rejections.map((r) => (
              <li key={r.category}>
                <strong>{CATEGORY_LABELS[r.category]}</strong>: {r.reason}
              </li>
            ))}
          </ul>
          {resend && 'sent' in resend ? (
            <p role="status" className="mt-4">
              {TEXT.resendSent}
            </p>
          ) : (
            <Form method="post" className="mt-4 flex flex-col gap-2">
              <FormAlert id="resend-error" errors={resend && 'error' in resend ? [resend.error] : undefined} />
              <input type="hidden" name="intent" value="resend" />
              <div>
                <Button type="submit">{TEXT.resendButton}</Button>
              </div>
            </Form>
          )}
        </section>
      ) : null}

      <section aria-labelledby="timeline">
        <h2 id="timeline" className="text-lg font-bold">
          {TEXT.timelineHeading}
        </h2>
        <ol className="mt-2 flex flex-col gap-3 border-l-2 border-slate-300 pl-4 dark:border-slate-700">
          {view.timeline.map((entry, index) => (
            <li key={`${entry.status}-${index}`}>
              <p className="font-semibold">{STATUS_LABELS[entry.status]}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <time dateTime={entry.at}>{formatDate(entry.at, 'dateTime')}</time>
              </p>
              {entry.reason ? (
                <p>
                  {TEXT.rejectedReason}: {entry.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
