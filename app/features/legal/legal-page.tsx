import { AppLink } from '~/ui/app-link'
import { GeneralErrorBoundary } from '~/features/shell/error-boundary'
import { NotFoundView } from '~/features/shell/error-views'
import { buttonClass } from '~/ui/button'
import type { LegalDocument, QuestionsDocument, SectionsDocument } from './legal.server'
import { RichText } from './rich-text'
import { Icon } from '~/ui/icon'

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl dark:text-white">
          {document.title}
        </h1>
        {document.lastUpdated ? (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400" data-testid="last-updated">
            {`Last updated: ${document.lastUpdated}`}
          </p>
        ) : null}
      </header>
      {document.introductionHtml ? <RichText html={document.introductionHtml} className="mt-6" /> : null}
      {document.kind === 'sections' ? <Sections document={document} /> : <Questions document={document} />}
    </article>
  )
}

function Sections({ document }: { document: SectionsDocument }) {
  const items = document.sections.map((section, index) => (
    <li key={index} className="mt-8">
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">
        {document.numbered ? <span className="text-brand-600 dark:text-orange-300">{`${index + 1}.`}</span> : null}
        {document.numbered ? ' ' : null}
        {section.heading}
      </h2>
      <RichText html={section.html} className="mt-3" />
    </li>
  ))
  return (
    <>
      {/* The numbers are part of the heading text, so no list markers as well. */}
      {document.numbered ? <ol className="list-none">{items}</ol> : <ul className="list-none">{items}</ul>}
      {document.product ? (
        <p className="mt-10">
          <AppLink to="/terms-and-conditions" className="font-medium text-brand-700 underline dark:text-orange-300">
            Read the general Terms and Conditions
          </AppLink>
        </p>
      ) : null}
    </>
  )
}

/** Native <details>: the answers expand and collapse with or without JavaScript. */
function Questions({ document }: { document: QuestionsDocument }) {
  return (
    <div className="mt-8 divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {document.questions.map((item, index) => (
        <details key={index} open={document.startOpen} className="group py-2">
          <summary className="flex cursor-pointer items-center justify-between gap-4 rounded-md py-3 text-left text-lg font-semibold text-slate-900 hover:text-brand-700 dark:text-white dark:hover:text-orange-300">
            <span>{item.question}</span>
            <Icon className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400">
              <path d="M6 9l6 6 6-6" />
            </Icon>
          </summary>
          <RichText html={item.answerHtml} className="pb-4" />
        </details>
      ))}
    </div>
  )
}

/** Unknown product terms: 404 with a way to the general terms; everything else as on every page. */
export function LegalErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) =>
          (error.data as { reason?: string } | null)?.reason === 'unknown-product' ? (
            <UnknownProductTerms />
          ) : (
            <NotFoundView />
          ),
      }}
    />
  )
}

function UnknownProductTerms() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Oops! Page could not be retrieved.</h1>
      <p className="text-slate-600 dark:text-slate-300">We have no terms and conditions for this product.</p>
      <AppLink to="/terms-and-conditions" className={buttonClass('primary')}>
        Read the general Terms and Conditions
      </AppLink>
    </section>
  )
}
