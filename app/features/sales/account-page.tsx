/** Account Info in the sales area (issue 13, item 5): the agent's profile and team, and the legal pages. */
import { AppLink } from '~/ui/app-link'
import type { SalesAccountPage } from './account.server'
import { SalesNav } from './sales-nav'
import { ACCOUNT_TEXT as TEXT, SALES_TEXT } from './texts'

export function SalesAccount({ page }: { page: SalesAccountPage }) {
  const { agent } = page
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      {agent ? <SalesNav /> : null}
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.title}</h1>
      {page.draftCleared ? <p role="status">{TEXT.draftCleared}</p> : null}
      {agent ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1" data-testid="sales-account">
          <dt className="font-semibold">{TEXT.name}</dt>
          <dd>{`${agent.firstName} ${agent.lastName}`}</dd>
          <dt className="font-semibold">{TEXT.email}</dt>
          <dd>{agent.email}</dd>
          <dt className="font-semibold">{TEXT.role}</dt>
          <dd>{SALES_TEXT.role[agent.agentType]}</dd>
          <dt className="font-semibold">{TEXT.agentCode}</dt>
          <dd>{agent.agentCode ?? SALES_TEXT.noCode}</dd>
          {agent.tsm ? (
            <>
              <dt className="font-semibold">{TEXT.tsm}</dt>
              <dd>{`${agent.tsm.firstName} ${agent.tsm.lastName} (${agent.tsm.email})`}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p role="alert" className="font-semibold">
          {SALES_TEXT.agentUnavailable}
        </p>
      )}
      {agent?.team.length ? (
        <section aria-labelledby="sales-team-heading">
          <h2 id="sales-team-heading" className="text-lg font-bold">
            {TEXT.team}
          </h2>
          <ul className="list-disc pl-5">
            {agent.team.map((member) => (
              <li
                key={member.agentCode}
              >{`${member.firstName} ${member.lastName} (${member.agentCode}), ${member.email}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="flex gap-4 text-sm">
        <AppLink to="/sales/terms-and-conditions" className="underline">
          {TEXT.legal}
        </AppLink>
        <AppLink to="/sales/privacy-notice" className="underline">
          {TEXT.privacy}
        </AppLink>
      </p>
    </section>
  )
}
