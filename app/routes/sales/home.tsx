/** /sales (spec 2): the sales dashboard's head: who is signed in, in which sales role, with which agent code. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ROLE, SALES_ROLES } from '~/auth/roles'
import { requireClaims, requireRole } from '~/auth/session.server'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Sales dashboard', 'Sales dashboard.'),
  { name: 'robots', content: 'noindex' },
]

// A kiosk's next user must not find this page in the cache or behind the back button.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, SALES_ROLES)
  const claims = await requireClaims(request, context)
  return {
    givenName: claims.given_name ?? '',
    role: user.roles.includes(ROLE.salesAdmin) ? 'Sales admin' : 'Sales agent',
    agentCode: claims.agentCode ?? null,
  }
}

export default function SalesHome() {
  const { givenName, role, agentCode } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{`Welcome, ${givenName || 'User'}`}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">Role</dt>
        <dd>{role}</dd>
        <dt className="font-semibold">Agent code</dt>
        <dd data-testid="agent-code">{agentCode ?? 'None assigned'}</dd>
      </dl>
    </section>
  )
}
