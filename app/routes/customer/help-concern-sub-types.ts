/** GET /customer/help/concern/sub-types?concernType=… : a concern type's sub-types as JSON, for the form's fetcher. */
import type { LoaderFunctionArgs } from 'react-router'
import { loadSubTypes } from '~/features/help/tickets.server'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return Response.json(await loadSubTypes(visitOf(request, context), new URL(request.url)), {
    headers: { 'cache-control': 'no-store' },
  })
}
