/**
 * The route matcher Remix uses on the server (@remix-run/router, patched by patches/ through
 * npm install's postinstall; docs/decisions/0053): it ranks a route list's branches and
 * compiles each pattern once instead of on every request. The patch must be in place, and
 * matching must answer exactly as before, whatever the order of the paths asked.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, it } from 'vitest'

const routes: AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'home', index: true },
      { id: 'bills', path: 'customer/bills/:accountNumber' },
      { id: 'bill', path: 'customer/bills/:accountNumber/:billId' },
      { id: 'Check', path: 'CheckAvailability', caseSensitive: true },
      { id: 'plans', path: 'plans/*' },
      { id: 'splat', path: '*' },
    ],
  },
]

const answer = (path: string) =>
  matchRoutes(routes, path)?.map((match) => ({ id: match.route.id, params: match.params })) ?? null

describe('the server route matcher', () => {
  it('is the patched one: npm install applied patches/ (postinstall: patch-package)', () => {
    const file = createRequire(import.meta.url).resolve('@remix-run/router')
    const source = fs.readFileSync(file, 'utf8')
    expect(source).toContain('const rankedBranches = new WeakMap()')
    expect(source).toContain('const compiledPaths = new Map()')
  })

  it('answers each path with its own route and params, asked in any order and again', () => {
    const expected = {
      '/': ['root', 'home'],
      '/customer/bills/0012345': ['root', 'bills'],
      '/customer/bills/0012345/B-9': ['root', 'bill'],
      '/CheckAvailability': ['root', 'Check'],
      '/checkavailability': ['root', 'splat'],
      '/plans/compare': ['root', 'plans'],
      '/nowhere/at/all': ['root', 'splat'],
    }
    const entries = Object.entries(expected)
    for (const [path, ids] of [...entries, ...entries.reverse(), ...entries]) {
      expect(
        answer(path)?.map((match) => match.id),
        path,
      ).toEqual(ids)
    }
    expect(answer('/customer/bills/0012345/B-9')?.at(-1)?.params).toEqual({ accountNumber: '0012345', billId: 'B-9' })
    expect(answer('/customer/bills/777')?.at(-1)?.params).toEqual({ accountNumber: '777' })
    expect(answer('/plans/compare')?.at(-1)?.params).toEqual({ '*': 'compare' })
  })

  it('matches a route list changed after use as it is now (a new list is ranked anew)', () => {
    const first: AgnosticRouteObject[] = [{ id: 'a', path: 'a' }]
    expect(matchRoutes(first, '/a')?.[0]?.route.id).toBe('a')
    const second: AgnosticRouteObject[] = [...first, { id: 'b', path: 'b' }]
    expect(matchRoutes(second, '/b')?.[0]?.route.id).toBe('b')
  })
})
