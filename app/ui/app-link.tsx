/**
 * Links inside the portal. React Router's <Link> resolves its route on every server render
 * (about 15 µs each; a page has 20 to 30 links), so pages use plain anchors and one
 * click handler, installed by the root once JavaScript runs, turns clicks on them into
 * client-side navigations. Without JavaScript they are ordinary links.
 */
import { useNavigate } from 'react-router'
import { useEffect, type AnchorHTMLAttributes } from 'react'

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  /** A full page load even with JavaScript: for routes that leave the portal (sign-in, the provider). */
  reloadDocument?: boolean
}

export function AppLink({ to, reloadDocument, ...props }: AppLinkProps) {
  // The content comes in props.children, which the rule cannot see through the spread.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a href={to} data-app-link={reloadDocument ? undefined : ''} {...props} />
}

/**
 * Set while a page has a form with data entered and not sent (unsaved-warning.ts, spec 4): a
 * link then loads its page the plain way, so the browser's own warning asks first.
 */
export const leaving: { unsaved: (() => boolean) | null } = { unsaved: null }

/**
 * Client-side navigation for AppLink anchors: same origin, plain left click, no target.
 */
export function useAppLinkNavigation() {
  const navigate = useNavigate()
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return
      const anchor =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-app-link]') : null
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href)
      // With data entered, a link loads its page the plain way, so the browser's own warning asks (spec 4).
      if (url.origin !== window.location.origin || (leaving.unsaved?.() && !anchor.dataset.confirm)) return
      event.preventDefault()
      // A link that asks first (data-confirm; HELP & SUPPORT during onboarding): a dialog,
      // then where it leads once confirmed (data-then). Without JavaScript it is a page.
      const { confirm: question, then } = anchor.dataset
      if (question) {
        if (window.confirm(question)) navigate(then ?? url.pathname)
        return
      }
      // spec 2: the page scrolls to the top on navigation, except within help/ paths.
      const help = /\/help(\/|$)/
      navigate(url.pathname + url.search + url.hash, {
        preventScrollReset: help.test(url.pathname) && help.test(window.location.pathname),
      })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
