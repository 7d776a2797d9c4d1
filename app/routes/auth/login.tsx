/**
 * /login (spec 2): starts the sign-in at the OpenID provider. A safe `redirectTo` path is
 * kept for after the callback. Signed-in users go straight to their home.
 */
import type { LoaderFunctionArgs } from 'react-router'
import { beginSignIn } from '~/features/auth/sign-in.server'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return beginSignIn(visitOf(request, context), request)
}
