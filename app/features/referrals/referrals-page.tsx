/**
 * /customer/referrals's body (issue 15): the programme and its terms, why the customer cannot
 * refer (when they cannot), the one-time code before a first referral, the invite link and
 * the video, REFER A FRIEND, and the referrals with their timelines. Plain forms and links:
 * all of it works without JavaScript; with it, the invite link gains a copy button.
 */
import { Form } from 'react-router'
import { useState } from 'react'
import { ButtonLink, Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { plainField } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { RadioGroup } from '~/ui/radio-group'
import { useHydrated } from '~/ui/use-hydrated'
import { REFER_PATH } from '~/features/check-availability/mode'
import { useIsPending } from '~/utils/use-is-pending'
import { REFERRALS_PATH } from './paths'
import type { ReferralRow, ReferralsAnswer, ReferralsPage } from './referrals.server'
import { REFERRALS_TEXT as TEXT } from './texts'

type Ready = Extract<ReferralsPage, { kind: 'ready' }>

export function ReferralsBody({ page, answer }: { page: ReferralsPage; answer: ReferralsAnswer | undefined }) {
  if (page.kind === 'no-account')
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{TEXT.noAccount}</p>
        <ButtonLink to="/get-started">{TEXT.linkAccount}</ButtonLink>
      </div>
    )
  if (page.kind === 'failed')
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
        {page.message}
      </p>
    )
  const { eligibility } = page
  return (
    <>
      <p>{TEXT.intro(page.reward)}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="referring-account">
        {TEXT.account(page.accountNumber)}
      </p>
      <FormAlert id="referrals-alert" errors={answer?.formError ? [answer.formError] : undefined} />
      {!eligibility.eligible ? (
        <section
          aria-labelledby="not-eligible-heading"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
          data-testid="not-eligible"
        >
          <h2 id="not-eligible-heading" className="font-bold">
            {TEXT.notEligibleHeading}
          </h2>
          <p>{eligibility.reason}</p>
        </section>
      ) : !eligibility.confirmed ? (
        <Confirm page={page} answer={answer} />
      ) : (
        <>
          <Invite page={page} />
          <div>
            <ButtonLink to={`${REFER_PATH}?step=1`}>{TEXT.referFriend}</ButtonLink>
          </div>
          <p className="text-sm">{TEXT.limitNote(page.usedThisMonth, page.monthlyLimit)}</p>
        </>
      )}
      <Terms page={page} />
      <Referrals rows={page.referrals} />
    </>
  )
}

/** Before a first referral (issue 15, item 2): a code to the account's registered email or mobile. */
function Confirm({ page, answer }: { page: Ready; answer: ReferralsAnswer | undefined }) {
  const busy = useIsPending()
  const { contacts, code } = page.eligibility
  return (
    <section aria-labelledby="confirm-heading" className="flex flex-col gap-4" data-testid="referral-confirm">
      <h2 id="confirm-heading" className="text-xl font-bold">
        {TEXT.confirmHeading}
      </h2>
      <p>{TEXT.confirmIntro}</p>
      <Form method="post" action={REFERRALS_PATH} className="flex flex-col gap-3">
        <RadioGroup
          legend={TEXT.sendTo}
          field={plainField('referral-channel', 'channel', code?.channel ?? contacts[0]?.channel ?? 'email')}
          options={contacts.map((contact) => ({
            value: contact.channel,
            label: `${TEXT.channels[contact.channel]}: ${contact.masked}`,
          }))}
        />
        <div>
          <Button
            type="submit"
            name="intent"
            value="send-code"
            variant={code ? 'secondary' : 'primary'}
            disabled={busy}
          >
            {TEXT.sendCode}
          </Button>
        </div>
      </Form>
      {code ? (
        <Form method="post" action={REFERRALS_PATH} className="flex flex-col gap-3">
          <p role="status">{TEXT.codeSent(code.maskedDestination)}</p>
          <input type="hidden" name="reference" value={code.reference} />
          <Field
            label={TEXT.codeLabel}
            hint={TEXT.codeHint}
            field={plainField('referral-otp', 'otp', '', answer?.codeError ? [answer.codeError] : undefined)}
            inputProps={{
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              required: true,
              maxLength: 6,
              pattern: '[0-9]{6}',
            }}
          />
          <div>
            <Button type="submit" name="intent" value="verify-code" disabled={busy}>
              {TEXT.verify}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  )
}

function Invite({ page }: { page: Ready }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  return (
    <section aria-labelledby="invite-heading" className="flex flex-col gap-3">
      <h2 id="invite-heading" className="text-xl font-bold">
        {TEXT.inviteHeading}
      </h2>
      <p>{TEXT.inviteIntro}</p>
      {page.inviteUrl ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <Field
              label={TEXT.inviteLabel}
              field={plainField('invite-link', 'invite', page.inviteUrl)}
              inputProps={{ type: 'url', readOnly: true, onFocus: (event) => event.currentTarget.select() }}
            />
          </div>
          {hydrated && typeof navigator !== 'undefined' && navigator.clipboard ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => navigator.clipboard.writeText(page.inviteUrl!).then(() => setCopied(true))}
            >
              {copied ? TEXT.copied : TEXT.copy}
            </Button>
          ) : null}
        </div>
      ) : null}
      <h3 className="font-bold">{TEXT.videoHeading}</h3>
      {page.video?.captionsUrl ? (
        // preload="none": nothing of the video is fetched until it is played (slow mobile data).
        <video controls preload="none" className="w-full max-w-lg rounded-lg" aria-label={page.video.title}>
          <source src={page.video.url} />
          <track kind="captions" src={page.video.captionsUrl} default />
          <a href={page.video.url}>{page.video.title}</a>
        </video>
      ) : page.video ? (
        // Without captions the video is not put in the page: a link, to open it deliberately.
        <a href={page.video.url} className="font-semibold underline">
          {page.video.title}
        </a>
      ) : (
        <p className="text-sm">{TEXT.videoUnavailable}</p>
      )}
    </section>
  )
}

function Terms({ page }: { page: Ready }) {
  return (
    <section aria-labelledby="terms-heading" className="flex flex-col gap-2">
      <h2 id="terms-heading" className="text-xl font-bold">
        {TEXT.termsHeading}
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        {page.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </section>
  )
}

function Referrals({ rows }: { rows: ReferralRow[] }) {
  const busy = useIsPending()
  return (
    <section aria-labelledby="referrals-heading" className="flex flex-col gap-3">
      <h2 id="referrals-heading" className="text-xl font-bold">
        {TEXT.listHeading}
      </h2>
      {rows.length === 0 ? <p>{TEXT.empty}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="referrals">
        {rows.map((row) => (
          <li
            key={row.id}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            data-testid="referral"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                {row.refereeName}{' '}
                <span className="font-normal text-slate-600 dark:text-slate-300">{row.maskedEmail}</span>
              </p>
              <p className="font-semibold" data-testid="referral-status">
                {row.statusLabel}
              </p>
            </div>
            <p className="text-sm">
              {TEXT.referenceLabel}: {row.referenceNum}
            </p>
            {row.reward ? (
              <p className="text-sm" data-testid="referral-reward">
                <span className="font-semibold">{TEXT.reward(row.reward)}</span>
                {row.rewardCredit.map((words) => ` ${words}`).join('')}
              </p>
            ) : null}
            <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`${row.refereeName}: timeline`}>
              {row.timeline.map((entry) => (
                <li key={`${entry.label}-${entry.on}`}>
                  <span className="font-semibold">{entry.label}</span> {entry.on}
                </li>
              ))}
            </ol>
            {row.canResend ? (
              <Form method="post" action={REFERRALS_PATH}>
                <input type="hidden" name="referralId" value={row.id} />
                <Button type="submit" name="intent" value="resend" variant="ghost" disabled={busy}>
                  {TEXT.resend}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
