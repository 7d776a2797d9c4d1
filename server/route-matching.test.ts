/**
 * The route matcher React Router uses on the server, which server/metrics.ts uses too to
 * name a request by its route. React Router v7 ranks a route list's branches once per
 * router (the patch of docs/decisions/0053 is gone with Remix v2; docs/decisions/0064):
 * matching must answer as it always did, whatever the order of the paths asked, with each
 * caller's own copy.
 */
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'

const routes: RouteObject[] = [
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
    const first: RouteObject[] = [{ id: 'a', path: 'a' }]
    expect(matchRoutes(first, '/a')?.[0]?.route.id).toBe('a')
    const second: RouteObject[] = [...first, { id: 'b', path: 'b' }]
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
})
