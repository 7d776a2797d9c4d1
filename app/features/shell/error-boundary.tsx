/**
 * The error boundary every page shares (root.tsx's, and routes that need one of their
 * own): an expected failure is a thrown Response whose status says what went wrong, and
 * each status has its own words (texts.ts), inside the shell. A `{ message }` in the
 * Response's data (`data({ message }, { status })`) is shown instead of the status's
 * heading. Anything else is unexpected: the server has logged it with the request id,
 * and the page shows the generic view with REFRESH PAGE.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router'
import type { ReactElement } from 'react'
import { ErrorView, NotAllowedView, NotFoundView } from './error-views'
import { ERROR_TEXT } from './texts'

type ErrorResponse = { status: number; statusText: string; data: unknown }
export type StatusHandler = (error: ErrorResponse) => ReactElement

const STATUS_HANDLERS: Record<number, StatusHandler> = {
  403: (error) => <NotAllowedView message={messageOf(error)} />,
  404: () => <NotFoundView />,
  415: (error) => (
    <ErrorView message={messageOf(error) ?? ERROR_TEXT.formUnreadable} detail={ERROR_TEXT.formUnreadableDetail} />
  ),
  429: (error) => (
    <ErrorView message={messageOf(error) ?? ERROR_TEXT.tooManyRequests} detail={ERROR_TEXT.tooManyRequestsDetail} />
  ),
  503: (error) => (
    <ErrorView message={messageOf(error) ?? ERROR_TEXT.unavailable} detail={ERROR_TEXT.unavailableDetail} />
  ),
}

/** `statusHandlers` replace the shared handler for their statuses on one route. */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? STATUS_HANDLERS[error.status]
    if (handler) return handler(error)
  }
  return <ErrorView />
}

/** The user-facing words a loader or action chose; a plain-text body is for logs only. */
function messageOf(error: ErrorResponse): string | undefined {
  const message = (error.data as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : undefined
}
