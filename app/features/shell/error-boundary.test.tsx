/**
 * Each status a loader or action throws renders its own words through the shared
 * boundary, and anything unexpected the generic view with REFRESH PAGE: rendered on the
 * server by the router React Router runs on, from a real thrown Response.
 */
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { GeneralErrorBoundary, type StatusHandler } from './error-boundary'
import { ERROR_TEXT } from './texts'

async function render(thrown: unknown, statusHandlers?: Record<number, StatusHandler>) {
  const handler = createStaticHandler([
    {
      id: 'page',
      path: '/page',
      loader: () => {
        throw thrown
      },
      element: <p>page content</p>,
      errorElement: <GeneralErrorBoundary statusHandlers={statusHandlers} />,
    },
  ])
  const context = await handler.query(new Request('http://localhost/page?x=1'))
  if (context instanceof Response) throw new Error('the loader was expected to throw')
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
  // React escapes apostrophes in text; the words are compared as a reader sees them.
  return html.replaceAll('&#x27;', "'")
}

const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]

describe('the general error boundary', () => {
  it.each([
    [403, ERROR_TEXT.notAllowed, ERROR_TEXT.notAllowedDetail],
    [404, ERROR_TEXT.notFound, ERROR_TEXT.goHome],
    [415, ERROR_TEXT.formUnreadable, ERROR_TEXT.formUnreadableDetail],
    [429, ERROR_TEXT.tooManyRequests, ERROR_TEXT.tooManyRequestsDetail],
    [503, ERROR_TEXT.unavailable, ERROR_TEXT.unavailableDetail],
  ])('says what a %i means in its own words', async (status, title, detail) => {
    const html = await render(new Response(null, { status }))
    expect(heading(html)).toBe(title)
    expect(html).toContain(detail)
    expect(html).not.toContain('page content')
  })

  it('gives every one of those statuses a different heading', async () => {
    const headings = await Promise.all(
      [403, 404, 415, 429, 503].map(async (status) => heading(await render(new Response(null, { status })))),
    )
    expect(new Set(headings).size).toBe(5)
  })

  it("shows the { message } a loader chose instead of the status's heading (the CMS down: 503)", async () => {
    const html = await render(Response.json({ message: 'Oops! Page could not be retrieved.' }, { status: 503 }))
    expect(heading(html)).toBe('Oops! Page could not be retrieved.')
    expect(html).toContain(ERROR_TEXT.unavailableDetail)
    expect(html).toContain(ERROR_TEXT.refresh)
  })

  it("never shows a plain-text body (invariantResponse's message is for logs)", async () => {
    const html = await render(new Response('Registration is off', { status: 403 }))
    expect(heading(html)).toBe(ERROR_TEXT.notAllowed)
    expect(html).not.toContain('Registration is off')
  })

  it('shows the generic view with REFRESH PAGE, back to the same address, for an unexpected error', async () => {
    const html = await render(new Error('database on fire'))
    expect(heading(html)).toBe(ERROR_TEXT.pageNotRetrieved)
    expect(html).toContain(ERROR_TEXT.checkConnection)
    expect(html).toMatch(/<a href="\/page\?x=1"[^>]*>REFRESH PAGE<\/a>/)
    expect(html).not.toContain('database on fire')
  })

  it('lets a route answer a status its own way', async () => {
    const html = await render(new Response(null, { status: 404 }), { 404: () => <h1>No such plan</h1> })
    expect(heading(html)).toBe('No such plan')
  })
})
