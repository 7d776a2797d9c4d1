/**
 * The floor of the step-2 bench (scripts/bench/check-availability.ts): the same two form
 * posts a visitor without JavaScript makes, answered as a bare React Router app would, with a
 * signed cookie and a redirect, and no work behind them (no draft, no coverage look-up).
 */
import { createCookie, redirect, type ActionFunctionArgs } from 'react-router'

const visitor = createCookie('visitor', { httpOnly: true, sameSite: 'lax', secrets: ['bench-only-secret'] })

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  if (form.get('intent') === 'details') {
    return redirect('/CheckAvailability', {
      headers: { 'set-cookie': await visitor.serialize(String(form.get('email') ?? '')) },
    })
  }
  const known = await visitor.parse(request.headers.get('cookie'))
  return redirect(known ? '/CheckAvailability?dialog=serviceable' : '/CheckAvailability')
}

export default function CheckAvailability() {
  return <h1>Check availability</h1>
}
