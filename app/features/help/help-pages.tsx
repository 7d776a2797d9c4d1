/**
 * The help centre's screens (spec 1, help centre). Server-rendered and readable without
 * JavaScript: answers open in `<details>`, search is a GET form, everything else is links.
 * No JavaScript of their own, so the customer pages that show them stay within budget.
 */
import { Form } from 'react-router'
import type { ReactNode } from 'react'
import type { HelpCategory, HelpEntry } from '~/upstream/help.server'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { Field } from '~/ui/field'
import { HELP_STORES_PATH } from '~/features/stores/links'
import { answerBlocks, answerSnippet, videoHost } from './answer-blocks'
import type { StillNeedHelpOffer } from './help.server'
import { HELP_TEXT as TEXT } from './texts'

export const HELP_SEARCH_PATH = '/help/search'
const answerPath = (entry: Pick<HelpEntry, 'categoryId' | 'faqId'>) => `/help/${entry.categoryId}/${entry.faqId}`

const SECTION_HEADING = 'text-xl font-bold tracking-tight'
const CARD = 'rounded-lg border border-slate-200 p-4 dark:border-slate-700'

export function AnswerText({ answer }: { answer: string }) {
  return (
    <div className="flex flex-col gap-3 text-slate-700 dark:text-slate-200">
      {answerBlocks(answer).map((block, index) => {
        if (block.kind === 'paragraph') return <p key={index}>{block.text}</p>
        const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{item}</li>)
        return block.kind === 'steps' ? (
          <ol key={index} className="list-decimal space-y-1 pl-6">
            {items}
          </ol>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-6">
            {items}
          </ul>
        )
      })}
    </div>
  )
}

export function HelpSearchForm({ query = '', error = null }: { query?: string; error?: string | null }) {
  const field = {
    id: 'help-search',
    name: 'q',
    errorId: 'help-search-error',
    initialValue: query,
    errors: error ? [error] : undefined,
  }
  return (
    // keyed by the query: with JavaScript, a new search's page shows its own words and errors.
    <Form
      key={query}
      method="get"
      action={HELP_SEARCH_PATH}
      role="search"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <Field
          label={TEXT.searchLabel}
          field={field}
          inputProps={{ type: 'search', placeholder: TEXT.searchPlaceholder, maxLength: 200, autoComplete: 'off' }}
        />
      </div>
      <Button type="submit" className={error ? 'sm:mb-7' : undefined}>
        {TEXT.searchButton}
      </Button>
    </Form>
  )
}

// The guided tour's targets on the help pages (app/features/tour/steps.ts).
const TOUR_TARGET: Record<string, string> = { 'help-categories': 'help-categories', 'help-videos': 'help-videos' }

function Section({ heading, id, children }: { heading: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4" data-tour={TOUR_TARGET[id]}>
      <h2 id={id} className={SECTION_HEADING}>
        {heading}
      </h2>
      {children}
    </section>
  )
}

export function CategoryGrid({ categories }: { categories: HelpCategory[] }) {
  return (
    <Section heading={TEXT.categoriesHeading} id="help-categories">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((category) => (
          <li key={category.id}>
            <AppLink
              to={`/help/${category.id}`}
              className={`${CARD} flex h-full flex-col gap-1 hover:border-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600`}
            >
              <span className="font-semibold text-brand-700 dark:text-orange-300">{category.name}</span>
              <span className="text-sm text-slate-600 dark:text-slate-300">{category.description}</span>
              <span className="mt-auto text-xs text-slate-500 dark:text-slate-400">
                {TEXT.answers(category.entryCount)}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </Section>
  )
}

/** Questions that open in place (`<details>`), each with a link to its own page. */
export function AnswerList({ entries, openId }: { entries: HelpEntry[]; openId?: string }) {
  return (
    <ul className="flex flex-col gap-2">
      {entries.map((entry) => (
        <li key={entry.faqId}>
          <details className={`${CARD} group`} open={entry.faqId === openId || undefined}>
            <summary className="cursor-pointer font-semibold marker:text-brand-600">{entry.question}</summary>
            <div className="mt-3 flex flex-col gap-3">
              <AnswerText answer={entry.answer} />
              <VideoLink entry={entry} />
              <AppLink
                to={answerPath(entry)}
                className="text-sm font-semibold text-brand-700 underline dark:text-orange-300"
              >
                {TEXT.readAnswer}
              </AppLink>
            </div>
          </details>
        </li>
      ))}
    </ul>
  )
}

/** A video is a link, never an embed: nothing from another site loads until the user follows it. */
export function VideoLink({ entry }: { entry: HelpEntry }) {
  const host = entry.videoUrl ? videoHost(entry.videoUrl) : null
  if (!entry.videoUrl || !host) return null
  return (
    <p>
      <a
        href={entry.videoUrl}
        rel="noopener noreferrer external"
        className="font-semibold text-brand-700 underline dark:text-orange-300"
      >
        {TEXT.watchVideo}
      </a>{' '}
      <span className="text-sm text-slate-500 dark:text-slate-400">({TEXT.videoOpensSite(host)})</span>
    </p>
  )
}

function EntryLinks({ entries }: { entries: HelpEntry[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {entries.map((entry) => (
        <li key={entry.faqId} className={`${CARD} flex flex-col gap-1`}>
          <AppLink to={answerPath(entry)} className="font-semibold text-brand-700 underline dark:text-orange-300">
            {entry.question}
          </AppLink>
          <span className="text-sm text-slate-600 dark:text-slate-300">{answerSnippet(entry.answer, 120)}</span>
        </li>
      ))}
    </ul>
  )
}

/** The help centre's home sections, shared by /help and /customer/help. */
export function HelpHomeSections({
  categories,
  featured,
  guides,
  videos,
}: {
  categories: HelpCategory[]
  featured: HelpEntry[]
  guides: HelpEntry[]
  videos: HelpEntry[]
}) {
  return (
    <>
      <HelpSearchForm />
      <CategoryGrid categories={categories} />
      {featured.length > 0 ? (
        <Section heading={TEXT.featuredHeading} id="help-featured">
          <AnswerList entries={featured} />
        </Section>
      ) : null}
      {guides.length > 0 ? (
        <Section heading={TEXT.knowledgeBaseHeading} id="help-guides">
          <EntryLinks entries={guides} />
        </Section>
      ) : null}
      {videos.length > 0 ? (
        <Section heading={TEXT.videosHeading} id="help-videos">
          <EntryLinks entries={videos} />
        </Section>
      ) : null}
    </>
  )
}

export function HelpPage({ heading, intro, children }: { heading: string; intro?: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{heading}</h1>
        {intro ? <p className="text-slate-600 dark:text-slate-300">{intro}</p> : null}
      </header>
      {children}
    </section>
  )
}

export function Breadcrumb({ trail }: { trail: { label: string; to: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap gap-2 text-slate-600 dark:text-slate-300">
        {trail.map((step, index) => (
          <li key={step.to} className="flex gap-2">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            <AppLink to={step.to} className="underline">
              {step.label}
            </AppLink>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** spec 8: 'No results found!' with tips. */
export function NoResults() {
  return (
    <div role="status" className={`${CARD} flex flex-col gap-2`}>
      <p className="text-lg font-bold">{TEXT.noResults}</p>
      <p className="font-semibold">{TEXT.tipsHeading}</p>
      <ul className="list-disc pl-6 text-slate-700 dark:text-slate-200">
        {TEXT.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </div>
  )
}

export function SearchResults({ query, results }: { query: string; results: HelpEntry[] }) {
  if (results.length === 0) return <NoResults />
  return (
    <Section heading={TEXT.searchHeading(query)} id="help-results">
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {TEXT.resultCount(results.length)}
      </p>
      <ul className="flex flex-col gap-3">
        {results.map((entry) => (
          <li key={entry.faqId} className={`${CARD} flex flex-col gap-1`}>
            <span className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">
              {TEXT.kindLabel[entry.kind]}
            </span>
            <AppLink to={answerPath(entry)} className="font-semibold text-brand-700 underline dark:text-orange-300">
              {entry.question}
            </AppLink>
            <span className="text-sm text-slate-600 dark:text-slate-300">{answerSnippet(entry.answer)}</span>
          </li>
        ))}
      </ul>
    </Section>
  )
}

/** The way from public help to filing a concern, as the loader chose it for the viewer (help.server.ts). */
export function StillNeedHelp({ offer }: { offer: StillNeedHelpOffer }) {
  return (
    <aside className={`${CARD} flex flex-col items-start gap-3`}>
      <h2 className={SECTION_HEADING}>{TEXT.stillNeedHelp}</h2>
      <p className="text-slate-600 dark:text-slate-300">{offer.prompt}</p>
      <AppLink to={offer.to} className={buttonClass('primary')}>
        {offer.label}
      </AppLink>
      <AppLink to={HELP_STORES_PATH} className="font-semibold underline">
        {TEXT.findBusinessCentre}
      </AppLink>
    </aside>
  )
}
