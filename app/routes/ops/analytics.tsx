/** /ops/analytics (issue 17 item 5): the operator's first-party analytics report, server-rendered tables. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { AnalyticsReportView } from '~/features/analytics/report'
import { loadAnalyticsReport } from '~/features/analytics/report.server'
import { ANALYTICS_TEXT as TEXT } from '~/features/analytics/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.title, TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAnalyticsReport(visitOf(request, context))
}

export default function OpsAnalyticsRoute() {
  const { report } = useLoaderData<typeof loader>()
  return <AnalyticsReportView report={report} />
}
