import { redirect, type ActionFunctionArgs } from 'react-router'
import { preferenceCookies } from '~/features/shell/preferences.server'
import { readForm } from '~/utils/form.server'
import { safeRedirect } from '~/utils/safe-redirect'

/**
 * Cookie banner and theme. Without JS the forms carry `redirectTo` and come back to
 * the page they were on; with JS they are fetchers and get data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const cookies = preferenceCookies(context.config)
  let setCookie: string
  switch (form.get('intent')) {
    case 'accept-cookies':
      setCookie = await cookies.cookieAccepted.serialize(true)
      break
    case 'close-cookie-banner':
      setCookie = await cookies.cookieBannerClosed.serialize(true)
      break
    case 'theme':
      setCookie = await cookies.theme.serialize(form.get('theme') === 'dark' ? 'dark' : 'light')
      break
    default:
      return Response.json({ ok: false, error: 'Unknown preference.' }, { status: 400 })
  }
  const headers = { 'set-cookie': setCookie }
  const redirectTo = form.get('redirectTo')
  if (redirectTo !== null) return redirect(safeRedirect(redirectTo), { headers })
  // A Response (not data()) so a direct call to this resource route keeps its Set-Cookie.
  return Response.json({ ok: true }, { headers })
}

export async function loader() {
  return redirect('/')
}
