/** What every wizard page shares: the Stepper (spec 1's stages), the heading, the intro and Back. */
import type { ReactNode } from 'react'
import { AppLink } from '~/ui/app-link'
import { Stepper } from '~/ui/stepper'
import { stageOf, wizardSteps, type ApplicantPath, type WizardFlow, type WizardPage } from './steps'
import { APPLY_TEXT as TEXT } from './texts'

export function WizardFrame({
  path,
  flow,
  page,
  heading,
  intro,
  back,
  children,
}: {
  path: ApplicantPath
  flow: WizardFlow
  page: WizardPage
  heading: string
  intro: string
  back: string
  children: ReactNode
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <Stepper label={TEXT.stepperLabel} steps={wizardSteps(path, flow)} current={stageOf(page)} />
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{heading}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.segmentNames[path]}</p>
        <p>{intro}</p>
      </div>
      {children}
      <p>
        <AppLink to={back} className="underline">
          {TEXT.back}
        </AppLink>
      </p>
    </div>
  )
}

/** A heading and a definition list, for the summaries. */
export function Summary({
  heading,
  rows,
  edit,
  editLabel,
}: {
  heading: string
  rows: [string, string | null | undefined][]
  edit?: string
  editLabel?: string
}) {
  const id = `summary-${heading.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {heading}
        </h2>
        {edit ? (
          <AppLink to={edit} className="text-sm font-semibold underline">
            {editLabel ?? TEXT.edit}
            <span className="sr-only">: {heading}</span>
          </AppLink>
        ) : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}
