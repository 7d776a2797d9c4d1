/** /login/success (spec 2): where the old app landed after sign-in; it now forwards to the user's home (spec 4). */
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { requireUser } from '~/visit/by-request.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  return redirect(user.home)
}
