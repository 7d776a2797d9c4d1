/**
 * The dashboard's "No internet?" card (issue 37, item 6), a module of its own so the dashboard's
 * first-visit JS carries only it (the report page and the ticket's visit are elsewhere).
 */
import { Form } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { NO_INTERNET_CARD_TEXT as TEXT } from './card-texts'
import { NO_INTERNET_INTENT, NO_INTERNET_PATH } from './intents'

export const CARD = 'flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800'
export const HEADING = 'text-lg font-bold'

export type NoInternetCardView = { kind: 'offer'; lastSeen: string } | { kind: 'open'; to: string } | null

/** The dashboard's card: REPORT NO INTERNET (a form posting to the report page), or a link to the open report. */
export function NoInternetCard({ card }: { card: NoInternetCardView }) {
  if (!card) return null
  if (card.kind === 'open')
    return (
      <section aria-labelledby="no-internet-heading" className={CARD}>
        <h2 id="no-internet-heading" className={HEADING}>
          {TEXT.openHeading}
        </h2>
        <p className="text-sm">{TEXT.openBody}</p>
        <p>
          <AppLink to={card.to} className={buttonClass('secondary')}>
            {TEXT.openLink}
          </AppLink>
        </p>
      </section>
    )
  return (
    <section aria-labelledby="no-internet-heading" className={CARD}>
      <h2 id="no-internet-heading" className={HEADING}>
        {TEXT.offerHeading}
      </h2>
      <p className="text-sm">{TEXT.offerBody(card.lastSeen)}</p>
      <Form method="post" action={NO_INTERNET_PATH}>
        <button type="submit" name="intent" value={NO_INTERNET_INTENT.start} className={buttonClass('primary')}>
          {TEXT.reportButton}
        </button>
      </Form>
    </section>
  )
}
