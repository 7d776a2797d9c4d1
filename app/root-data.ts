/**
 * The root loader's data, for the shell and the pages that show the product name. Its own
 * module, so that the shell's components and root.tsx never import each other: this
 * imports only the loader's type, which the bundler erases.
 */
import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from './root'

export type RootData = NonNullable<ReturnType<typeof useRootData>>

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

/** The same data in a `meta` function, which gets the route matches instead of hooks. */
export function rootDataIn(matches: ReadonlyArray<{ id: string; data: unknown }>): RootData | undefined {
  return matches.find((match) => match.id === 'root')?.data as RootData | undefined
}
