/**
 * POST /analytics/events (issue 17 item 5): the collector's beacons, counted only after ACCEPT
 * (app/features/analytics/collect.server.ts). A resource route: no page.
 */
import type { ActionFunctionArgs } from 'react-router'
import { collectBeacon } from '~/features/analytics/collect.server'
import { visitOf } from '~/visit/visit.server'

export async function action({ request, context }: ActionFunctionArgs) {
  return collectBeacon(visitOf(request, context), request)
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: 'POST' } })
}
