/**
 * /consent (issue 11 item 6): each consent with its purpose, its state and since when, its
 * history, and one plain form to change it (works without JavaScript).
 */
import { Form } from 'react-router'
import type { Consent } from '~/upstream/consent.server'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { useIsPending } from '~/utils/use-is-pending'
import { formatDate } from '../../../lib/dates'
import { CONSENT_TEXT as TEXT } from './texts'

const STATE_WORD = { given: TEXT.stateGiven, withdrawn: TEXT.stateWithdrawn, not_given: TEXT.stateNotGiven }

export function ConsentPage({ consents, failed }: { consents: Consent[] | null; failed: string | null }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" aria-labelledby="consent-heading">
      <h1 id="consent-heading" className="text-3xl font-extrabold tracking-tight">
        {TEXT.heading}
      </h1>
      <p>{TEXT.intro}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {TEXT.contractNote}{' '}
        <AppLink to="/privacy-notice" className="font-semibold underline">
          {TEXT.privacyNoticeLink}
        </AppLink>
      </p>
      {consents === null ? (
        <p role="alert" className="font-semibold">
          {TEXT.loadFailed}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {consents.map((consent) => (
            <ConsentItem key={consent.name} consent={consent} failed={failed === consent.name} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ConsentItem({ consent, failed }: { consent: Consent; failed: boolean }) {
  const busy = useIsPending()
  const given = consent.state === 'given'
  const headingId = `consent-${consent.name}`
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      aria-labelledby={headingId}
      data-testid={`consent-${consent.name}`}
    >
      <h2 id={headingId} className="text-lg font-bold">
        {consent.title}
      </h2>
      <p>{consent.purpose}</p>
      <p>
        <strong data-testid="consent-state">{STATE_WORD[consent.state]}</strong>
        {consent.changedAt ? ` ${TEXT.since(formatDate(consent.changedAt, 'dateTime'))}` : null}
      </p>
      {failed ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {TEXT.saveFailed}
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="consentName" value={consent.name} />
        <input type="hidden" name="state" value={given ? 'withdrawn' : 'given'} />
        <Button
          type="submit"
          variant={given ? 'secondary' : 'primary'}
          disabled={busy}
          aria-label={given ? TEXT.withdrawLabel(consent.title) : TEXT.giveLabel(consent.title)}
        >
          {given ? TEXT.withdrawButton : TEXT.giveButton}
        </Button>
      </Form>
      {consent.history.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">{TEXT.history}</summary>
          <ol className="mt-2 list-disc pl-6 text-sm" data-testid="consent-history">
            {consent.history.map((event) => (
              <li key={event.at + event.state}>
                {TEXT.historyEntry(STATE_WORD[event.state], formatDate(event.at, 'dateTime'), event.channel)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  )
}
