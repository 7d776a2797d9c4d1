/** /sales/applications/{id}/compliance (spec 2; issue 13 item 4): the rejected documents the agent sends again for the customer. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { salesCompliancePage } from '~/features/sales/compliance.server'
import { SalesNav } from '~/features/sales/sales-nav'
import { SALES_COMPLIANCE_TEXT as TEXT } from '~/features/sales/texts'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data ? TEXT.title(data.refId) : TEXT.description, TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return salesCompliancePage(visitOf(request, context), params.refId)
}

export default function SalesCompliance() {
  const page = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <SalesNav />
      <AppLink to={`/sales/applications/${page.refId}`} className="text-sm underline">
        {TEXT.back}
      </AppLink>
      <h1 className="text-2xl font-extrabold">{TEXT.title(page.refId)}</h1>
      <p>{TEXT.intro}</p>
      {page.open.length === 0 ? (
        <p role="status">{TEXT.none}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="sales-compliance">
          {page.open.map((open) => (
            <li
              key={open.category}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            >
              <strong>{open.label}</strong>
              <span className="text-sm">{open.reason}</span>
              <AppLink
                to={`/sales/applications/${page.refId}/compliance/${open.category}`}
                className={buttonClass('secondary', 'self-start')}
              >
                {TEXT.upload(open.label)}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
