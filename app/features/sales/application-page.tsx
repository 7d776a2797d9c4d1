/**
 * One application's page for the sales area (issue 13, item 3): what was filed, documents,
 * rejections, the timeline and the actions. Plain forms; deleting a draft asks first.
 */
import { Form } from 'react-router'
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import { displayMobile } from '../../../lib/mobile'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { FormAlert } from '~/ui/form-alert'
import type { SalesApplicationDetails, SalesTimelineEntry } from '~/upstream/sales.server'
import { useIsPending } from '~/utils/use-is-pending'
import type { ApplicationAnswer } from './application.server'
import { resumeHref } from './resume'
import { SalesNav } from './sales-nav'
import { APPLICATION_TEXT as TEXT, SALES_COMPLIANCE_TEXT } from './texts'

function timelineLabel(entry: SalesTimelineEntry) {
  if (entry.kind === 'status') return entry.label
  if (entry.kind === 'reassigned') return TEXT.reassigned(entry.fromAgentCode, entry.toAgentCode)
  return entry.kind === 'draft_started' ? TEXT.draftStarted : TEXT.draftSaved
}

/** The filed address's lines, whatever the payload names them, in a readable order. */
function addressLines(address: Record<string, unknown>) {
  const keys = [
    'unitNo',
    'houseNo',
    'buildingName',
    'street',
    'subdivision',
    'barangay',
    'city',
    'province',
    'region',
    'zipCode',
  ]
  return keys
    .map((key) => address[key])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .join(', ')
}

function Action({
  intent,
  label,
  variant = 'secondary',
}: {
  intent: string
  label: string
  variant?: 'primary' | 'secondary' | 'ghost'
}) {
  const busy = useIsPending()
  return (
    <Form method="post">
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  )
}

function Actions({
  details,
  ownAgentCode,
  answer,
}: {
  details: SalesApplicationDetails
  ownAgentCode: string | null
  answer: ApplicationAnswer | undefined
}) {
  const { item } = details
  const resume = resumeHref(item, ownAgentCode)
  return (
    <section aria-labelledby="sales-actions-heading" className="flex flex-col gap-3">
      <h2 id="sales-actions-heading" className="text-lg font-bold">
        {TEXT.actionsHeading}
      </h2>
      <FormAlert id="sales-action-error" errors={answer?.formError ? [answer.formError] : undefined} />
      {answer?.confirmDelete ? (
        <ConfirmPanel id="delete-confirm" heading={TEXT.deleteConfirmHeading} detail={TEXT.deleteConfirm} danger>
          <div className="flex flex-wrap gap-3">
            <Action intent="delete" label={TEXT.yes} variant="primary" />
            <Action intent="stay" label={TEXT.no} variant="ghost" />
          </div>
        </ConfirmPanel>
      ) : (
        <div className="flex flex-wrap gap-3">
          {resume ? (
            <AppLink to={resume} className={buttonClass('primary')}>
              {TEXT.resumeDraft}
            </AppLink>
          ) : null}
          {item.kind === 'application' ? <Action intent="send-pdf" label={TEXT.sendPdf} /> : null}
          {item.bucket === 'for_compliance' ? (
            <>
              <AppLink to={`/sales/applications/${item.refId}/compliance`} className={buttonClass('primary')}>
                {SALES_COMPLIANCE_TEXT.open}
              </AppLink>
              <Action intent="resend-compliance" label={TEXT.resendCompliance} />
            </>
          ) : null}
          {item.kind === 'draft' ? <Action intent="confirm-delete" label={TEXT.deleteDraft} variant="ghost" /> : null}
        </div>
      )}
    </section>
  )
}

export function SalesApplication({
  details,
  ownAgentCode,
  answer,
}: {
  details: SalesApplicationDetails
  ownAgentCode: string | null
  answer: ApplicationAnswer | undefined
}) {
  const { item, application, pricing } = details
  const name = [item.firstName, item.lastName].filter(Boolean).join(' ')
  const facts: [string, string | null][] = [
    [TEXT.status, item.statusLabel],
    [TEXT.agent, item.agentCode],
    [TEXT.customer, name || null],
    [TEXT.email, item.emailAddress],
    [
      TEXT.emailVerified,
      application
        ? details.emailVerifiedAt
          ? formatDate(details.emailVerifiedAt, 'dateTime')
          : TEXT.emailNotVerified
        : null,
    ],
    [TEXT.mobile, item.mobileNumber ? displayMobile(item.mobileNumber) : null],
    [TEXT.segment, item.customerSegment],
    [TEXT.plan, item.planName],
    [TEXT.monthlyFee, pricing ? formatPesos(pricing.monthlyRecurringFee) : null],
    [
      TEXT.promoCode,
      pricing?.promo
        ? TEXT.promoQuoted(pricing.promo.code, formatPesos(pricing.promo.discount))
        : (details.application?.promoCode ?? null),
    ],
    [TEXT.firstBill, pricing ? formatPesos(pricing.firstBill) : null],
    [TEXT.witnessedBy, details.application?.consentsWitnessedBy ?? null],
    [TEXT.appointment, details.appointment],
    [TEXT.expires, item.expiresAt ? formatDate(item.expiresAt, 'dateTime') : null],
  ]
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <SalesNav />
      <AppLink to="/sales" className="text-sm underline">
        {TEXT.back}
      </AppLink>
      <h1 className="font-mono text-2xl font-extrabold">{TEXT.title(item.refId)}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1" data-testid="sales-application">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {application?.addresses.length ? (
        <section aria-labelledby="sales-addresses-heading">
          <h2 id="sales-addresses-heading" className="text-lg font-bold">
            {TEXT.addressHeading}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            {application.addresses.map((address, index) => (
              <div key={index} className="contents">
                <dt className="font-semibold">{TEXT.addressKind[address.addressType]}</dt>
                <dd>{addressLines(address)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="sales-documents-heading" className="flex flex-col gap-2">
        <h2 id="sales-documents-heading" className="text-lg font-bold">
          {TEXT.documentsHeading}
        </h2>
        {details.documents.length === 0 ? (
          <p>{TEXT.noDocuments}</p>
        ) : (
          <ul className="flex flex-col gap-1" data-testid="sales-documents">
            {details.documents.map((document) => (
              <li key={document.id}>
                <a
                  href={`/sales/applications/${item.refId}/documents/${document.id}`}
                  className="underline"
                  aria-label={TEXT.download(document.fileName)}
                >
                  {document.fileName}
                </a>{' '}
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {document.category}
                  {document.complianceReason ? ` · ${document.complianceReason}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {details.rejections.length ? (
        <section aria-labelledby="sales-rejections-heading">
          <h2 id="sales-rejections-heading" className="text-lg font-bold">
            {TEXT.rejectionsHeading}
          </h2>
          <ul className="list-disc pl-5">
            {details.rejections.map((rejection) => (
              <li key={rejection.category}>
                {rejection.category}: {rejection.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="sales-timeline-heading">
        <h2 id="sales-timeline-heading" className="text-lg font-bold">
          {TEXT.timelineHeading}
        </h2>
        <ol className="mt-2 flex flex-col gap-1 border-l-2 border-brand-600 pl-4" data-testid="sales-timeline">
          {details.timeline.map((entry, index) => (
            <li key={index}>
              <strong>{timelineLabel(entry)}</strong>{' '}
              <span className="text-sm text-slate-600 dark:text-slate-300">{formatDate(entry.at, 'dateTime')}</span>
              {entry.kind === 'status' && entry.reason ? <span className="block text-sm">{entry.reason}</span> : null}
            </li>
          ))}
        </ol>
      </section>
      <Actions details={details} ownAgentCode={ownAgentCode} answer={answer} />
    </section>
  )
}
