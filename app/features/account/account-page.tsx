import type { ReactNode } from 'react'
import { buttonClass } from '~/ui/button'

/** The narrow column every account screen sits in, with its one heading. */
export function AccountPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <h1 className="text-2xl font-bold">{heading}</h1>
      {children}
    </section>
  )
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
    >
      {children}
    </p>
  )
}

/**
 * /login starts the sign-in redirect to the identity provider, which is not a page of
 * this app: a full document load, so a plain anchor rather than a client-side AppLink.
 */
export function LoginLink() {
  return (
    <a href="/login" className={buttonClass('primary')}>
      Login
    </a>
  )
}
