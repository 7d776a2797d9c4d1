import type { MetaDescriptor } from 'react-router'
import { rootDataIn } from '~/root-data'

type Match = { id: string; data: unknown }

/** A route's meta replaces the root's, so every page sets both: "<Page> | <Product>" and a description. */
export function pageMeta(matches: Match[], page: string, description: string): MetaDescriptor[] {
  const product = rootDataIn(matches)?.productName
  return [{ title: product ? `${page} | ${product}` : page }, { name: 'description', content: description }]
}
