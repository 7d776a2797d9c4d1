/**
 * Redirect targets from forms (`redirectTo`, `returnTo`) are same-origin paths only
 * (docs/security.md, Input): '/x' yes; '//evil', '/\\evil', 'https://evil' no.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback
  }
  // A control character or backslash anywhere could be normalised into another origin.
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\\]/.test(target)) return fallback
  // A Location header holds bytes, not Unicode: percent-encode anything outside ASCII
  // (a lone surrogate cannot be encoded at all, so it falls back).
  try {
    return target.replace(/[^\u0020-\u007e]+/gu, (text) => encodeURIComponent(text))
  } catch {
    return fallback
  }
}
