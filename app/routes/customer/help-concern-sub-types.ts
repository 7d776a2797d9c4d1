/** GET /customer/help/concern/sub-types?concernType=… : a concern type's sub-types as JSON, for the form's fetcher. */
import type { LoaderFunctionArgs } from 'react-router'
import { loadSubTypes } from '~/features/help/tickets.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return Response.json(await loadSubTypes(request, context), { headers: { 'cache-control': 'no-store' } })
}
