/**
 * The coachmarks (spec 2, 4: the 9-step guided tour), fetched with import() by TourHost only
 * when a page's address carries ?tour=N, so no page's first visit pays for it. Plain DOM, no
 * library: a box beside the step's `[data-tour]` element, with Next, 'Skip Tour' and, on the
 * last step, 'End Tour'. A step whose element is not on the page is skipped; a Next that
 * changes page goes through /customer/tour?step=N (the server picks the account for the pay
 * page).
 */
import { COACHMARK_TEXT as TEXT, pathAfterStep, TOUR_LENGTH, TOUR_STEPS } from './steps'

export type TourControls = {
  /** Client-side navigation. */
  go: (to: string) => void
  /** Skip Tour or End Tour: displayCoachmarks false (spec 4), through the tour action. */
  end: () => void
}

const TARGET_CLASS = 'tour-target'
// Targets render with the page; a short wait covers a page still settling after navigation.
const TARGET_WAIT_MS = 400

function button(label: string, primary: boolean, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button')
  element.type = 'button'
  element.textContent = label
  element.className = primary ? 'tour-button tour-button-primary' : 'tour-button'
  element.addEventListener('click', onClick)
  return element
}

/** Shows step `start` on this page (or moves on); returns a function that removes the tour from the page. */
export function runTour(start: number, controls: TourControls): () => void {
  let box: HTMLElement | null = null
  let target: Element | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const clear = () => {
    box?.remove()
    target?.classList.remove(TARGET_CLASS)
    box = null
    target = null
  }
  const stop = () => {
    stopped = true
    clearTimeout(timer)
    clear()
  }
  const finish = () => {
    stop()
    controls.end()
  }

  /** Next on step `index`: another page, the next step here, or the end. */
  const advance = (index: number) => {
    if (index + 1 >= TOUR_LENGTH) return finish()
    // The account number is filled in by the server's redirect; '' only marks that a page change is due.
    if (pathAfterStep(index, '') !== null) {
      stop()
      controls.go(`/customer/tour?step=${index + 1}`)
      return
    }
    show(index + 1)
  }

  const show = (index: number, waited = 0) => {
    if (stopped) return
    clear()
    const step = TOUR_STEPS[index]!
    const element = document.querySelector(`[data-tour="${step.name}"]`)
    if (!element) {
      if (waited < TARGET_WAIT_MS) timer = setTimeout(() => show(index, waited + 100), 100)
      else advance(index)
      return
    }
    target = element
    element.classList.add(TARGET_CLASS)
    element.scrollIntoView({ block: 'center' })

    const last = index === TOUR_LENGTH - 1
    box = document.createElement('div')
    box.className = 'tour-box'
    box.setAttribute('role', 'dialog')
    box.setAttribute('aria-labelledby', 'tour-title')
    box.setAttribute('data-testid', 'tour-step')
    const counter = document.createElement('p')
    counter.className = 'tour-counter'
    counter.textContent = TEXT.stepOf(index + 1, TOUR_LENGTH)
    const title = document.createElement('h2')
    title.id = 'tour-title'
    title.textContent = step.title
    const body = document.createElement('p')
    body.textContent = step.body
    const actions = document.createElement('div')
    actions.className = 'tour-actions'
    if (last) actions.append(button(TEXT.endTour, true, finish))
    else
      actions.append(
        button(TEXT.skipTour, false, finish),
        button(TEXT.next, true, () => advance(index)),
      )
    box.append(counter, title, body, actions)
    document.body.append(box)

    const rect = element.getBoundingClientRect()
    const width = Math.min(320, window.innerWidth - 16)
    box.style.width = `${width}px`
    box.style.top = `${window.scrollY + rect.bottom + 8}px`
    box.style.left = `${Math.max(8, Math.min(window.scrollX + rect.left, window.scrollX + window.innerWidth - width - 8))}px`
    ;(actions.lastElementChild as HTMLElement).focus()
  }

  show(start)
  return stop
}
