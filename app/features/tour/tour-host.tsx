/**
 * Runs the coachmarks on any page whose address has ?tour=N (spec 4; tour-runner.ts). Kept
 * tiny because it sits on the dashboard, whose first visit is near the JS budget: the tour's
 * code lives in the /customer/tour route's chunk and arrives through a fetcher only when a
 * page asks for the tour (docs/decisions/0040: a plain import() would add Vite's preload
 * helper to the dashboard's first visit).
 */
import { useFetcher, useLocation, useNavigate, useSubmit } from 'react-router'
import { useEffect } from 'react'
import type { runTour as RunTour } from './tour-runner'

export function TourHost() {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const submit = useSubmit()
  const code = useFetcher<{ runTour?: typeof RunTour }>({ key: 'tour-code' })
  const step = /[?&]tour=(\d)(?:&|$)/.exec(search)?.[1]
  const runTour = code.data?.runTour
  const wanted = step !== undefined && !runTour && code.state === 'idle'
  useEffect(() => {
    if (wanted) code.load('/customer/tour?coachmarks')
    // `code` changes identity with its state; `wanted` says all that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted])
  useEffect(() => {
    if (step === undefined || !runTour) return
    return runTour(Number(step), {
      go: (to) => navigate(to),
      end: () =>
        submit(
          { intent: 'end', back: pathname },
          { method: 'post', action: '/customer/tour', navigate: false, fetcherKey: 'tour-end' },
        ),
    })
  }, [step, pathname, runTour, navigate, submit])
  return null
}
