/** /sitemap.xml (issue 33): the public pages, each plan and each help topic (crawlers.server.ts). */
import type { LoaderFunctionArgs } from 'react-router'
import { sitemapXml } from '~/features/seo/crawlers.server'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return sitemapXml(visitOf(request, context), new URL(request.url))
}
