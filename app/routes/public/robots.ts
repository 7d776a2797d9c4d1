/** /robots.txt (issue 33): private pages, the wizard's steps and one visitor's pages are kept out (crawlers.server.ts). */
import type { LoaderFunctionArgs } from 'react-router'
import { robotsTxt } from '~/features/seo/crawlers.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return robotsTxt(context.config, new URL(request.url))
}
