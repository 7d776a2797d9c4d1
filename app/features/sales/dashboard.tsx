/**
 * The sales dashboard's body (issue 13, items 1 and 6): the agent's head, figures with a
 * small chart, the list's GET form and table with paging links, and for a sales admin the
 * reassignment form around the table's checkboxes, confirmed before it is done. Plain forms
 * and links: all of it works without JavaScript.
 */
import { Form, useLocation } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { Button, ButtonLink, buttonClass } from '~/ui/button'
import { CHOICE_CLASS } from '~/ui/checkbox-field'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { Field } from '~/ui/field'
import { plainField } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { SelectField } from '~/ui/select-field'
import type { SalesStats } from '~/upstream/sales.server'
import { formatDate } from '../../../lib/dates'
import type { DashboardPage, ReassignAnswer } from './dashboard.server'
import { resumeHref } from './resume'
import { SalesNav } from './sales-nav'
import { SALES_TEXT as TEXT } from './texts'

const BUCKETS = [
  ['draft', 'Draft Application'],
  ['submitted', 'Submitted'],
  ['for_compliance', 'For compliance'],
  ['approved', 'Approved'],
  ['installed', 'Installed'],
  ['rejected', 'Rejected'],
] as const

function Head({ page }: { page: DashboardPage }) {
  const { agent } = page
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.welcome(page.givenName || 'User')}</h1>
      {agent ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-semibold">Role</dt>
          <dd>{TEXT.role[agent.agentType]}</dd>
          <dt className="font-semibold">{TEXT.agentCode}</dt>
          <dd data-testid="agent-code">{agent.agentCode ?? TEXT.noCode}</dd>
          {agent.tsm ? (
            <>
              <dt className="font-semibold">{TEXT.tsm}</dt>
              <dd>{`${agent.tsm.firstName} ${agent.tsm.lastName}`}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p role="alert" className="font-semibold">
          {TEXT.agentUnavailable}
        </p>
      )}
      {agent ? (
        <p>
          <ButtonLink to="/sales/application">{TEXT.newApplication}</ButtonLink>
        </p>
      ) : null}
    </div>
  )
}

function Chart({ stats }: { stats: SalesStats }) {
  const max = Math.max(1, ...stats.daily.map((day) => day.drafts + day.submitted))
  const drafts = stats.daily.reduce((sum, day) => sum + day.drafts, 0)
  const submitted = stats.daily.reduce((sum, day) => sum + day.submitted, 0)
  const width = 14 * 20
  return (
    <svg
      role="img"
      aria-label={TEXT.chartTitle(drafts, submitted)}
      viewBox={`0 0 ${width} 60`}
      className="h-16 w-full max-w-sm"
      data-testid="sales-chart"
    >
      {stats.daily.map((day, index) => {
        const submittedHeight = (day.submitted / max) * 56
        const draftHeight = (day.drafts / max) * 56
        return (
          <g key={day.date}>
            <rect
              x={index * 20 + 3}
              y={60 - submittedHeight}
              width={14}
              height={submittedHeight}
              className="fill-brand-600"
            />
            <rect
              x={index * 20 + 3}
              y={60 - submittedHeight - draftHeight}
              width={14}
              height={draftHeight}
              className="fill-slate-400"
            />
          </g>
        )
      })}
    </svg>
  )
}

function Stats({ page }: { page: DashboardPage }) {
  const { stats } = page
  const heading = page.isAdmin && !page.filters.agentCode ? TEXT.teamStatsHeading : TEXT.statsHeading
  return (
    <section aria-labelledby="sales-stats-heading" className="flex flex-col gap-3">
      <h2 id="sales-stats-heading" className="text-xl font-bold">
        {heading}
      </h2>
      {!stats ? (
        <p role="alert">{TEXT.statsFailed}</p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="sales-stats">
            {(
              [
                [TEXT.thisWeek, stats.thisWeek],
                [TEXT.thisMonth, stats.thisMonth],
              ] as const
            ).map(([label, counts]) => (
              <div key={label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <dt className="text-sm">{label}</dt>
                <dd className="font-bold">
                  {counts.filed} {TEXT.filed} · {counts.submitted} {TEXT.submitted}
                </dd>
              </div>
            ))}
            <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <dt className="text-sm">{TEXT.conversion}</dt>
              <dd className="font-bold">
                {stats.conversion.rate === null ? TEXT.noConversion : `${Math.round(stats.conversion.rate * 100)}%`}
              </dd>
            </div>
          </dl>
          <Chart stats={stats} />
        </>
      )}
    </section>
  )
}

const fieldOf = plainField

const teamOptions = (page: DashboardPage) =>
  (page.agent?.team ?? []).map((member) => ({
    value: member.agentCode,
    label: `${member.firstName} ${member.lastName} (${member.agentCode})`,
  }))

function Filters({ page }: { page: DashboardPage }) {
  const { filters, filterErrors } = page
  return (
    <Form method="get" action="/sales" className="flex flex-wrap items-end gap-3" aria-label={TEXT.listHeading}>
      <Field
        label={TEXT.searchLabel}
        hint={TEXT.searchHint}
        field={fieldOf('sales-search', 'search', filters.search)}
        inputProps={{ type: 'search', maxLength: 100 }}
      />
      <SelectField
        label={TEXT.statusLabel}
        field={fieldOf('sales-status', 'status', filters.status)}
        placeholder={TEXT.anyStatus}
        options={BUCKETS.map(([value, label]) => ({ value, label }))}
      />
      {page.isAdmin && page.agent ? (
        <SelectField
          label={TEXT.agentLabel}
          field={fieldOf('sales-agent', 'agentCode', filters.agentCode)}
          placeholder={TEXT.anyAgent}
          options={teamOptions(page)}
        />
      ) : null}
      {(['from', 'to'] as const).map((name) => (
        <Field
          key={name}
          label={name === 'from' ? TEXT.fromLabel : TEXT.toLabel}
          field={fieldOf(`sales-${name}`, name, filters[name], filterErrors[name])}
          inputProps={{ type: 'date' }}
        />
      ))}
      <Button type="submit" variant="secondary">
        {TEXT.filterButton}
      </Button>
      <AppLink to="/sales" className={buttonClass('ghost')}>
        {TEXT.clearFilters}
      </AppLink>
    </Form>
  )
}

function Paging({ page }: { page: DashboardPage }) {
  const location = useLocation()
  const { list } = page
  if (!list) return null
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize))
  const to = (n: number) => {
    const query = new URLSearchParams(location.search)
    query.set('page', String(n))
    return `/sales?${query}`
  }
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      <span data-testid="sales-paging">{TEXT.page(list.page, pages, list.total)}</span>
      {list.page > 1 ? <AppLink to={to(list.page - 1)}>{TEXT.previous}</AppLink> : null}
      {list.page < pages ? <AppLink to={to(list.page + 1)}>{TEXT.next}</AppLink> : null}
    </nav>
  )
}

function Table({ page, answer }: { page: DashboardPage; answer: ReassignAnswer | undefined }) {
  const { list } = page
  if (!list) return <p role="alert">{TEXT.listFailed}</p>
  if (list.items.length === 0) return <p>{TEXT.listEmpty}</p>
  const selectable = page.isAdmin
  const chosen = new Set(answer?.chosen ?? [])
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="sales-applications">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            {selectable ? (
              <th scope="col" className="py-2 pr-3">
                {TEXT.columns.select}
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-3">
              {TEXT.columns.reference}
            </th>
            <th scope="col" className="py-2 pr-3">
              {TEXT.columns.customer}
            </th>
            <th scope="col" className="py-2 pr-3">
              {TEXT.columns.status}
            </th>
            {page.isAdmin ? (
              <th scope="col" className="py-2 pr-3">
                {TEXT.columns.agent}
              </th>
            ) : null}
            <th scope="col" className="py-2">
              {TEXT.columns.updated}
            </th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((item) => {
            const name = [item.firstName, item.lastName].filter(Boolean).join(' ') || TEXT.noName
            const resume = resumeHref(item, page.agent?.agentCode)
            return (
              <tr key={item.refId} className="border-b border-slate-200 dark:border-slate-700">
                {selectable ? (
                  <td className="py-2 pr-3">
                    <input
                      type="checkbox"
                      name="refId"
                      value={item.refId}
                      form="sales-reassign"
                      defaultChecked={chosen.has(item.refId)}
                      aria-label={`${TEXT.columns.select} ${item.refId}`}
                      className={CHOICE_CLASS}
                    />
                  </td>
                ) : null}
                <th scope="row" className="py-2 pr-3 font-mono">
                  <AppLink to={`/sales/applications/${item.refId}`} className="underline">
                    {item.refId}
                  </AppLink>
                </th>
                <td className="py-2 pr-3">{name}</td>
                <td className="py-2 pr-3">
                  {item.statusLabel}
                  {resume ? (
                    <>
                      {' '}
                      <AppLink
                        to={resume}
                        className="font-semibold underline"
                        aria-label={TEXT.resumeLabel(item.refId)}
                      >
                        {TEXT.resume}
                      </AppLink>
                    </>
                  ) : null}
                </td>
                {page.isAdmin ? <td className="py-2 pr-3">{item.agentCode}</td> : null}
                <td className="py-2">{formatDate(item.updatedAt, 'dateTime')}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function Reassign({ page, answer }: { page: DashboardPage; answer: ReassignAnswer | undefined }) {
  const location = useLocation()
  if (!page.isAdmin || !page.agent || !page.list?.items.length) return null
  const back = `/sales${location.search}`
  if (answer?.confirm) {
    const { confirm } = answer
    return (
      <ConfirmPanel
        id="reassign-confirm"
        heading={TEXT.reassignConfirmHeading}
        detail={TEXT.reassignConfirm(confirm.refIDList.length, confirm.agentName)}
      >
        <ul className="font-mono text-sm">
          {confirm.refIDList.map((refId) => (
            <li key={refId}>{refId}</li>
          ))}
        </ul>
        <Form method="post" action={back} className="flex flex-wrap gap-3">
          <input type="hidden" name="agentCode" value={confirm.agentCode} />
          <input type="hidden" name="back" value={back} />
          {confirm.refIDList.map((refId) => (
            <input key={refId} type="hidden" name="refId" value={refId} />
          ))}
          <Button type="submit" name="intent" value="reassign">
            {TEXT.yes}
          </Button>
          <Button type="submit" name="intent" value="no" variant="ghost">
            {TEXT.no}
          </Button>
        </Form>
      </ConfirmPanel>
    )
  }
  const chosenError = answer?.errors.refIDList?.join(' ')
  return (
    <Form
      id="sales-reassign"
      method="post"
      action={back}
      className="flex flex-wrap items-end gap-3"
      aria-labelledby="reassign-heading"
    >
      <h2 id="reassign-heading" className="basis-full text-lg font-bold">
        {TEXT.reassignHeading}
      </h2>
      <FormAlert id="reassign-error" errors={answer?.formError ? [answer.formError] : undefined} />
      {chosenError ? (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
          {chosenError}
        </p>
      ) : null}
      <input type="hidden" name="back" value={back} />
      <SelectField
        label={TEXT.reassignAgent}
        field={fieldOf('reassign-agent', 'agentCode', answer?.agentCode ?? '', answer?.errors.agentCode)}
        placeholder={TEXT.reassignAgentRequired}
        options={teamOptions(page)}
      />
      <Button type="submit" name="intent" value="review">
        {TEXT.reassignButton}
      </Button>
    </Form>
  )
}

export function SalesDashboard({ page, answer }: { page: DashboardPage; answer: ReassignAnswer | undefined }) {
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
      {page.agentUnavailable ? null : <SalesNav />}
      <Head page={page} />
      {page.agent ? <Stats page={page} /> : null}
      <section aria-labelledby="sales-list-heading" className="flex flex-col gap-4">
        <h2 id="sales-list-heading" className="text-xl font-bold">
          {TEXT.listHeading}
        </h2>
        <Filters page={page} />
        <Reassign page={page} answer={answer} />
        <Table page={page} answer={answer} />
        <Paging page={page} />
      </section>
    </section>
  )
}
