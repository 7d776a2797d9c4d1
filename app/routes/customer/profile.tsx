/** /profile (spec 2, customer-only; issue 11 item 7): names, masked contact, verified changes. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { loadProfile, profileAction } from '~/features/profile/profile.server'
import { ProfilePage } from '~/features/profile/profile-page'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Profile', 'Your name and contact details.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadProfile(visitOf(request, context), new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return profileAction(visitOf(request, context), await readForm(request))
}

export default function ProfileRoute() {
  const { profile, change } = useLoaderData<typeof loader>()
  const results = useActionData<typeof action>() ?? {}
  return <ProfilePage profile={profile} change={change} results={results} />
}
