/**
 * The draft's 4 hours on a flow's pages (issue 38, item 6): until when what the visitor entered
 * is kept, rendered by the server, so a page without JavaScript says it too. With JavaScript, 10
 * minutes before the end a panel offers Continue (4 more hours, spec 9), and a page left open past
 * the end says that it has ended. Shown by the shell (root.tsx) on the routes whose handle is KEEPS_DRAFT (./keeps-draft.ts).
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { buttonClass } from '~/ui/button'
import type { DraftStatus } from './draft-expiry.server'
import { DRAFT_TEXT as TEXT } from './texts'

/** How long before the end the panel offers Continue. */
export const WARN_BEFORE_MS = 10 * 60_000

type ExtendAnswer = { ok: true; expiresAt: string } | { ok: false; message: string }

export default function DraftExpiry({ status, currentPath }: { status: DraftStatus; currentPath: string }) {
  if (!status) return null
  if ('ended' in status) return <Ended currentPath={currentPath} />
  return <KeptUntil time={status.time} msLeft={status.msLeft} currentPath={currentPath} />
}

function Ended({ currentPath }: { currentPath: string }) {
  return (
    <div
      role="alert"
      className="mx-auto mt-4 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{TEXT.ended}</p>
      {/* The page again: its loader sends the visitor to the step to start from. */}
      <p className="mt-2">
        <a className="font-semibold underline" href={currentPath}>
          {TEXT.startAgain}
        </a>
      </p>
    </div>
  )
}

function KeptUntil({ time, msLeft, currentPath }: { time: string; msLeft: number; currentPath: string }) {
  const fetcher = useFetcher<ExtendAnswer>()
  const answer = fetcher.data
  const [phase, setPhase] = useState<'quiet' | 'warning' | 'ended'>('quiet')
  const id = useId()
  const continueButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    // Counted from the server's "time left", not the end's clock time: a phone's clock may be wrong.
    const end = Date.now() + msLeft
    const update = () => {
      const left = end - Date.now()
      setPhase(left <= 0 ? 'ended' : left <= WARN_BEFORE_MS ? 'warning' : 'quiet')
    }
    update()
    // Browsers slow timers in background tabs: the phase is worked out from the clock every time.
    const timer = setInterval(update, 15_000)
    const onVisible = () => document.visibilityState === 'visible' && update()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [time, msLeft])

  useEffect(() => {
    if (phase === 'warning') continueButton.current?.focus()
  }, [phase])

  if (phase === 'ended' || (answer && !answer.ok && answer.message === TEXT.ended))
    return <Ended currentPath={currentPath} />
  return (
    <>
      <p className="mx-auto mt-4 max-w-3xl px-4 text-sm text-slate-600 dark:text-slate-300">{TEXT.keptUntil(time)}</p>
      {phase === 'warning' ? (
        <section
          role="alertdialog"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-body`}
          className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-lg border border-slate-300 bg-white p-4 shadow-xl dark:border-slate-600 dark:bg-slate-900"
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {TEXT.warningTitle}
          </h2>
          <p id={`${id}-body`} className="mt-2 text-sm">
            {TEXT.warningBody(time)}
          </p>
          {answer && !answer.ok ? (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {answer.message}
            </p>
          ) : null}
          <fetcher.Form method="post" action="/draft/extend" className="mt-4">
            <button
              ref={continueButton}
              type="submit"
              className={buttonClass('primary')}
              disabled={fetcher.state !== 'idle'}
            >
              {fetcher.state === 'idle' ? TEXT.continue : TEXT.continuing}
            </button>
          </fetcher.Form>
        </section>
      ) : null}
    </>
  )
}
