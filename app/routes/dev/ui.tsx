/**
 * /dev/ui: the UI kit's showcase (app/ui), for developers and the accessibility scan.
 * It answers 404 unless DEV_UI is on (docs/configuration.md). `?dialog=open` renders
 * the dialog open, as an action's state would.
 */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from 'react-router'
import { lazy, Suspense } from 'react'
import { requireDevUi } from '~/features/dev-ui/dev-ui.server'
import { UiKitSchema } from '~/features/dev-ui/schemas'
import { TEXT } from '~/features/dev-ui/texts'
import { DEV_UI_PATH } from '~/features/dev-ui/paths'
import { pageMeta } from '~/ui/page-meta'
import { formConstraint, parseWithZod, readForm } from '~/utils/form.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.heading, TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context
  requireDevUi(config)
  const query = new URL(request.url).searchParams
  return {
    constraint: formConstraint(UiKitSchema),
    tiles: { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION },
    dialogOpen: query.get('dialog') === 'open',
    sent: query.get('sent'),
    confirmed: query.has('confirmed'),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevUi(context.config)
  // A showcase keeps nothing, so the multipart body is read whole; the journeys' uploads stream to storage.
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case 'confirm':
      return redirect(`${DEV_UI_PATH}?confirmed=1`)
    default: {
      const submission = parseWithZod(formData, { schema: UiKitSchema })
      if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
      // What the server received, shown on the page the redirect leads to.
      const { proof, latitude, longitude } = submission.value
      return redirect(
        `${DEV_UI_PATH}?${new URLSearchParams({ sent: TEXT.received(proof.name, proof.size, latitude, longitude) })}`,
      )
    }
  }
}

// The whole kit is rendered by the server and its code fetched once the page runs (docs/decisions/0023).
const UiKit = lazy(() => import('~/features/dev-ui/ui-kit').then((module) => ({ default: module.UiKit })))

export default function DevUi() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Suspense fallback={null}>
      <UiKit {...loaderData} lastResult={actionData?.result} />
    </Suspense>
  )
}
