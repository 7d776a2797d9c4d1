/**
 * Issue 35, item 8: every decision record (docs/decisions/NNNN-*.md) says when it was made and
 * whether it still holds, in two lines under its title (docs/decisions/template.md):
 *
 *   Date: YYYY-MM-DD       the day the record was first committed
 *   Status: Accepted | Partly superseded by NNNN[, NNNN] | Superseded by NNNN
 *
 * A record that supersedes another comes after it, so each NNNN names a later record.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const folder = path.resolve(import.meta.dirname, '../docs/decisions')
const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/
const STATUS = /^(?:Accepted|(?:Partly superseded|Superseded) by (\d{4}(?:, \d{4})*))$/

/** What is wrong with a record's Date and Status lines, given the numbers of all records. */
export function problems(text: string, number: string, numbers: Set<string>): string[] {
  const found: string[] = []
  // The lines between the title and the first section.
  const head = text.split('\n## ')[0]!.split('\n')
  if (!head[0]!.startsWith(`# ${number}`)) found.push(`the title does not start with "# ${number}"`)
  const date = head.find((line) => line.startsWith('Date:'))
  const day = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(date ?? '')?.[1]
  if (!day || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    found.push(`no "Date: YYYY-MM-DD" line (${date ?? 'none'})`)
  }
  const status = head.find((line) => line.startsWith('Status:'))
  const match = STATUS.exec(status?.slice('Status: '.length) ?? '')
  if (!match) found.push(`no "Status:" line with an allowed value (${status ?? 'none'})`)
  for (const later of match?.[1]?.split(', ') ?? []) {
    if (!numbers.has(later) || later <= number) found.push(`${status} names no later record`)
  }
  return found
}

const files = fs.readdirSync(folder).filter((name) => name.endsWith('.md'))
const records = files.filter((name) => RECORD.test(name))
const numbers = new Set(records.map((name) => RECORD.exec(name)![1]!))

describe('the decision records', () => {
  it('are numbered files, beside the template only', () => {
    expect(records.length).toBeGreaterThan(60)
    expect(files.filter((name) => !RECORD.test(name))).toEqual(['template.md'])
  })

  it('each have a Date in YYYY-MM-DD form and a Status among the allowed ones', () => {
    const found = Object.fromEntries(
      records.map((name) => [
        name,
        problems(fs.readFileSync(path.join(folder, name), 'utf8'), name.slice(0, 4), numbers),
      ]),
    )
    expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length))).toEqual({})
  })

  it('are checked: a record without the lines, or with a wrong date or status, is told', () => {
    const known = new Set(['0010', '0020', '0030'])
    const good = '# 0020: A decision\n\nDate: 2026-11-23\nStatus: Partly superseded by 0030\n\n## Context\nWhy.\n'
    expect(problems(good, '0020', known)).toEqual([])
    expect(
      problems('# 0020: A decision\n\n## Context\nDate: 2026-11-23\nStatus: Accepted\n', '0020', known),
    ).toHaveLength(2)
    expect(problems(good.replace('2026-11-23', '2026-02-30'), '0020', known)).toHaveLength(1)
    expect(problems(good.replace('2026-11-23', '23 November 2026'), '0020', known)).toHaveLength(1)
    expect(problems(good.replace('Partly superseded by 0030', 'Deprecated'), '0020', known)).toHaveLength(1)
    expect(problems(good.replace('0030', '0010'), '0020', known)).toHaveLength(1)
    expect(problems(good.replace('0030', '0040'), '0020', known)).toHaveLength(1)
    expect(problems(good, '0010', known)).toHaveLength(1)
  })

  it('have a template with the same two lines', () => {
    const template = fs.readFileSync(path.join(folder, 'template.md'), 'utf8')
    expect(template).toMatch(/^Date: YYYY-MM-DD$/m)
    expect(template).toMatch(/^Status: Accepted$/m)
  })
})
