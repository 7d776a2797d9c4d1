import { data } from 'react-router'
import { isUpstreamError } from '~/upstream/errors'

export const PAGE_NOT_RETRIEVED = 'Oops! Page could not be retrieved.'

/**
 * CMS content is needed to render the page at all: when the upstream fails, the page
 * becomes the error view (REFRESH PAGE) with 503. The client has already logged the
 * failure with its request id, so nothing is logged again here.
 */
export async function requireContent<T>(load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (error) {
    if (isUpstreamError(error)) throw data({ message: PAGE_NOT_RETRIEVED }, { status: 503 })
    throw error
  }
}
