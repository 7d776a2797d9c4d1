import { data } from 'react-router'
import type { Result } from '~/visit/call.server'

export const PAGE_NOT_RETRIEVED = 'Oops! Page could not be retrieved.'

/**
 * CMS content is needed to render the page at all: when the upstream fails, the page
 * becomes the error view (REFRESH PAGE) with 503. The client has already logged the
 * failure with its request id, so nothing is logged again here.
 */
export function requireContent<T>(result: Result<T>): T {
  if (!result.ok) throw data({ message: PAGE_NOT_RETRIEVED }, { status: 503 })
  return result.value
}
