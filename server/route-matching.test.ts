/**
 * The route matcher Remix uses on the server (@remix-run/router, patched by patches/ through
 * npm install's postinstall; docs/decisions/0053): it ranks a route list's branches and
 * compiles each pattern once instead of on every request, and keeps a list's answer for a
 * pathname (a bounded number of them). The patch must be in place, and matching must answer
 * exactly as before, whatever the order of the paths asked, with each caller's own copy.
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
    expect(source).toContain('const matchedPaths = new WeakMap()')
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

  it('hands each caller its own matches: a caller changing its params changes nobody else’s', () => {
    const first = matchRoutes(routes, '/customer/bills/0012345')!
    ;(first.at(-1)!.params as Record<string, string>).accountNumber = 'changed'
    first.pop()
    const second = matchRoutes(routes, '/customer/bills/0012345')!
    expect(second.map((match) => match.route.id)).toEqual(['root', 'bills'])
    expect(second.at(-1)!.params).toEqual({ accountNumber: '0012345' })
  })

  it('answers right past the number of pathnames it keeps (they are forgotten, not mixed up)', () => {
    for (let n = 0; n < 2500; n++) {
      expect(matchRoutes(routes, `/customer/bills/${n}`)?.at(-1)?.params).toEqual({ accountNumber: String(n) })
    }
    expect(answer('/customer/bills/7/B-1')?.at(-1)?.params).toEqual({ accountNumber: '7', billId: 'B-1' })
    expect(answer('/nowhere')?.map((match) => match.id)).toEqual(['root', 'splat'])
  })
})
