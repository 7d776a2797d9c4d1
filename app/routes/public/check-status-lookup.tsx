/**
 * POST /check-status/lookup: the status form's action (the form sits on /check-status, the
 * landing alias, and here). A right pair goes on to /{refNo}/{refIdentifier}; anything
 * else comes back here, filled in, with the one generic message (docs/decisions/0033).
 */
import { type ActionFunctionArgs, type MetaFunction, useActionData } from 'react-router'
import { StatusLookupForm } from '~/features/application-status/lookup-form'
import { lookupAction } from '~/features/application-status/status.server'
import { TEXT } from '~/features/application-status/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.lookupHeading, TEXT.lookupIntro),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function action({ request, context }: ActionFunctionArgs) {
  return lookupAction(visitOf(request, context), await readForm(request))
}

export default function CheckStatusLookup() {
  const reply = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">{TEXT.lookupHeading}</h1>
      <p className="mt-2">{TEXT.lookupIntro}</p>
      <StatusLookupForm reply={reply} />
    </div>
  )
}
