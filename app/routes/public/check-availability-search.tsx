/** The address search of /CheckAvailability (spec 2, 9), for its JavaScript: a POST, so the query stays out of URLs. */
import type { ActionFunctionArgs } from 'react-router'
import { searchAddresses } from '~/features/check-availability/check-availability.server'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export async function action({ request, context }: ActionFunctionArgs) {
  return searchAddresses(visitOf(request, context), await readForm(request))
}
