/**
 * /customer/tour (issue 11 item 8): the guided tour as a plain page, for browsers without
 * JavaScript, or anyone who prefers reading: the same 9 points in the same order, each with
 * a link to its page; Start Tour (coachmarks with JavaScript) and DONE (stop offering it).
 */
import { Form } from 'react-router'
import type { FormEvent } from 'react'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import type { TourStep } from './steps'
import { TOUR_TEXT as TEXT } from './texts'

function withCoachmarks(event: FormEvent<HTMLFormElement>) {
  const mode = event.currentTarget.elements.namedItem('mode')
  if (mode instanceof HTMLInputElement) mode.value = 'coachmarks'
}

/** `points`: the steps with their pages, from the loader (so this page's JS does not share the tour's module). */
export function TourPage({ points }: { points: (TourStep & { page: string })[] }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" aria-labelledby="tour-heading">
      <h1 id="tour-heading" className="text-3xl font-extrabold tracking-tight">
        {TEXT.pageHeading}
      </h1>
      <p>{TEXT.pageIntro}</p>
      <ol className="flex list-decimal flex-col gap-4 pl-6" data-testid="tour-points">
        {points.map((step) => (
          <li key={step.name}>
            <h2 className="font-bold">{step.title}</h2>
            <p>{step.body}</p>
            <AppLink to={step.page} className="text-sm font-semibold underline">
              {TEXT.openPage}
            </AppLink>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Form method="post" onSubmit={withCoachmarks}>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="mode" value="page" />
          <Button type="submit">{TEXT.startTour}</Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="back" value="/customer" />
          <Button type="submit" variant="secondary">
            {TEXT.finished}
          </Button>
        </Form>
      </div>
    </section>
  )
}
