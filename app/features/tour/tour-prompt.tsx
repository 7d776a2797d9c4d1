/**
 * The tour prompt on the dashboard (spec 4): Start Tour (the coachmarks; the prompt shows only
 * while displayCoachmarks is true, so there is nothing to write), "Read the tour as a page"
 * (the plain page, for browsers without JavaScript), and "Skip the tour?" YES
 * (displayCoachmarks false) or NO (closes it for this visit). It appears after spec 9's
 * 250 ms (a CSS animation delay, class tour-prompt). A link, a form, links.
 */
import { Form } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'

// spec 4: YES, NO, Start Tour; the rest are ours.
const TEXT = {
  heading: 'Take a tour of your dashboard',
  body: 'Nine short steps show where to find your modem status, bills, payments and help.',
  startTour: 'Start Tour',
  readAsPage: 'Read the tour as a page',
  skipQuestion: 'Skip the tour and stop asking?',
}

export function TourPrompt() {
  return (
    <aside
      aria-labelledby="tour-prompt-heading"
      className="tour-prompt flex flex-col gap-3 rounded-lg border border-slate-200 p-4 shadow-lg dark:border-slate-800"
      data-testid="tour-prompt"
    >
      <h2 id="tour-prompt-heading" className="text-lg font-bold">
        {TEXT.heading}
      </h2>
      <p>{TEXT.body}</p>
      <p className="flex flex-wrap items-center gap-3">
        <AppLink to="/customer?tour=0" className={buttonClass()}>
          {TEXT.startTour}
        </AppLink>
        <AppLink to="/customer/tour" className="font-semibold underline">
          {TEXT.readAsPage}
        </AppLink>
      </p>
      <Form method="post" action="/customer/tour" className="flex flex-wrap items-center gap-3">
        {TEXT.skipQuestion}
        <Button type="submit" name="intent" value="decline" variant="secondary">
          YES
        </Button>
        <AppLink to="/customer?tourPrompt=closed" className={buttonClass('ghost')}>
          NO
        </AppLink>
      </Form>
    </aside>
  )
}

/** On /customer?tour=N without JavaScript, the coachmarks cannot run: the plain page instead. */
export function TourNeedsScript() {
  return (
    <p role="status" className="no-js-only">
      The guided tour needs JavaScript in your browser.{' '}
      <a href="/customer/tour" className="font-semibold underline">
        {TEXT.readAsPage}
      </a>
    </p>
  )
}
