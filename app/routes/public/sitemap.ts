/** /sitemap.xml (issue 33): the public pages, each plan and each help topic (crawlers.server.ts). */
import type { LoaderFunctionArgs } from 'react-router'
import { sitemapXml } from '~/features/seo/crawlers.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return sitemapXml(request, context)
}
