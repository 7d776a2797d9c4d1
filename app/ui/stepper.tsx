import { AppLink } from './app-link'
import { UI_TEXTS } from './texts'

export type Step = {
  label: string
  /** Where a completed step can be revisited; a completed step without one is plain text. */
  href?: string
}

type StepperProps = {
  /** Names the navigation landmark, e.g. "Application steps". */
  label: string
  steps: Step[]
  /** Index of the step the user is on; the ones before it are completed. */
  current: number
}

/**
 * The step indicator of the serviceability check and the application wizard: an ordered
 * list, `aria-current="step"` on the current step, completed steps as links when they
 * can be revisited. Plain markup, so it needs no JavaScript.
 */
export function Stepper({ label, steps, current }: StepperProps) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {steps.map((step, index) => {
          const state = index < current ? 'completed' : index === current ? 'current' : 'upcoming'
          const badge = (
            <span
              aria-hidden="true"
              className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                state === 'upcoming'
                  ? 'border border-slate-400 text-slate-600 dark:border-slate-500 dark:text-slate-300'
                  : 'bg-brand-600 text-white'
              }`}
            >
              {state === 'completed' ? '✓' : index + 1}
            </span>
          )
          const content = (
            <>
              {badge}
              <span>{step.label}</span>
              {state === 'completed' ? <span className="sr-only">{` (${UI_TEXTS.stepCompleted})`}</span> : null}
            </>
          )
          return (
            <li key={step.label} className="flex items-center gap-2">
              {state === 'completed' && step.href ? (
                <AppLink
                  to={step.href}
                  className="flex items-center gap-2 text-brand-700 underline dark:text-orange-300"
                >
                  {content}
                </AppLink>
              ) : (
                <span
                  aria-current={state === 'current' ? 'step' : undefined}
                  className={`flex items-center gap-2 ${state === 'current' ? 'font-semibold' : state === 'upcoming' ? 'text-slate-600 dark:text-slate-300' : ''}`}
                >
                  {content}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
