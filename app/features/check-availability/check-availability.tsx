/**
 * /CheckAvailability on screen: the server renders the whole screen (screen.tsx) for every
 * visit, with or without JavaScript; the browser fetches its code with import() once the
 * page runs and hydrates it then (docs/decisions/0023). Until then, and without
 * JavaScript, every form and link of the server's HTML works as it is.
 */
import { lazy, Suspense } from 'react'
import type { CheckAvailabilityActionData, CheckAvailabilityProps } from './view'

export type { CheckAvailabilityActionData, CheckAvailabilityProps }

const Screen = lazy(() => import('./screen'))

export function CheckAvailability(props: CheckAvailabilityProps & { actionData?: CheckAvailabilityActionData }) {
  return (
    <Suspense fallback={null}>
      <Screen {...props} />
    </Suspense>
  )
}
