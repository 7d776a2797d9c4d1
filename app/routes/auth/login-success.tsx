/** /login/success (spec 2): where the old app landed after sign-in; it now forwards to the user's home (spec 4). */
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await visitOf(request, context).session.requireUser()
  return redirect(user.home)
}
