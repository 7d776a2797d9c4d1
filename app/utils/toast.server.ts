/**
 * Server-rendered toasts (spec 2: top-right, 6 s). A toast is a signed flash cookie
 * read once by the next page; JavaScript only dismisses it after 6 s.
 */
import { redirect } from 'react-router'
import { z } from 'zod'
import type { Config } from '../../lib/env'
import { signedCookie } from './cookies.server'

export const ToastSchema = z.object({
  kind: z.enum(['success', 'error', 'info']).default('info'),
  message: z.string().min(1).max(300),
})
export type Toast = z.infer<typeof ToastSchema>

const toastCookie = (config: Config) => signedCookie(config, 'toast', 60)

/** A Set-Cookie value that shows `toast` on the next page the browser renders. */
export function serializeToast(config: Config, toast: Toast): Promise<string> {
  return toastCookie(config).serialize(toast)
}

/**
 * A redirect whose next page shows `toast` (the Epic Stack's helper; ours takes the config,
 * whose secret signs the cookie). Headers in `init`, such as other cookies, are kept.
 */
export async function redirectWithToast(
  config: Config,
  url: string,
  toast: Toast,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers)
  headers.append('set-cookie', await serializeToast(config, toast))
  return redirect(url, { ...init, headers })
}

/** Reads the pending toast, if any, and the Set-Cookie that clears it. */
export async function popToast(
  request: Request,
  config: Config,
): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookie = toastCookie(config)
  const raw = await cookie.parse(request.headers.get('cookie'))
  if (raw === null || raw === undefined) return { toast: null, clear: null }
  const parsed = ToastSchema.safeParse(raw)
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize('', { maxAge: 0 }) }
}
