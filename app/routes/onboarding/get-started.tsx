/**
 * /get-started (spec 2, 6): the applicant's page (customers may come here to link another
 * account). The route guard keeps anonymous visitors and sales roles out.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/session.server'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, 'Get started', 'Get started with your fibre application.'), { name: 'robots', content: 'noindex' }]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  return { givenName: user.givenName }
}

export default function GetStarted() {
  const { givenName } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{`Hi ${givenName || 'User'}, let's get you connected`}</h1>
      <ol className="list-decimal space-y-2 pl-6">
        <li>Check that fibre is available at your address.</li>
        <li>Choose a plan.</li>
        <li>Apply online and upload your documents.</li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <AppLink to="/check-availability" className={buttonClass('primary')}>
          CHECK AVAILABILITY
        </AppLink>
        <AppLink to="/plans" className={buttonClass('secondary')}>
          PLANS
        </AppLink>
      </div>
      {/* ACCOUNT LINKING GOES HERE: linking an existing account number (spec 2, /get-started) is built in the account-linking worktree. */}
    </section>
  )
}
