/**
 * Server-rendered toasts (spec 2: top-right, 6 s). A toast is a signed flash cookie
 * read once by the next page; JavaScript only dismisses it after 6 s.
 */
import { createCookie, type Cookie } from '@remix-run/node'
import { z } from 'zod'
import type { Config } from '../../../lib/env'

export const ToastSchema = z.object({
  kind: z.enum(['success', 'error', 'info']).default('info'),
  message: z.string().min(1).max(300),
})
export type Toast = z.infer<typeof ToastSchema>

const cache = new WeakMap<Config, Cookie>()
function toastCookie(config: Config): Cookie {
  let cookie = cache.get(config)
  if (!cookie) {
    cookie = createCookie(config.production ? '__Host-toast' : 'toast', {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.production,
      path: '/',
      maxAge: 60,
      secrets: [config.sessionSecret],
    })
    cache.set(config, cookie)
  }
  return cookie
}

/** A Set-Cookie value that shows `toast` on the next page the browser renders. */
export function serializeToast(config: Config, toast: Toast): Promise<string> {
  return toastCookie(config).serialize(toast)
}

/** Reads the pending toast, if any, and the Set-Cookie that clears it. */
export async function popToast(request: Request, config: Config): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookie = toastCookie(config)
  const raw = await cookie.parse(request.headers.get('cookie'))
  if (raw === null || raw === undefined) return { toast: null, clear: null }
  const parsed = ToastSchema.safeParse(raw)
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize('', { maxAge: 0 }) }
}
