import { PGlite, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedStatements } from './pglite-prepared.ts'

// Two embedded databases with the same rows: PGlite as it comes, and the same with every
// statement prepared. Whatever a caller can see must be the same on both.
let plain: PGlite
let prepared: PGlite
const SETUP = `
  create table t (id int primary key, name text not null, tags text[], doc jsonb, at timestamptz, ok boolean, big bigint);
  insert into t values
    (1, 'one', '{a,b}', '{"x":1}', '2026-11-26T10:00:00Z', true, 9007199254740993),
    (2, 'two', null, null, null, false, null);`

async function preparedCount(client: PGlite) {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_prepared_statements where name like 'pglite_prepared_%'`,
  )
  return rows[0]!.n
}

beforeAll(async () => {
  plain = await PGlite.create()
  prepared = preparedStatements(await PGlite.create(), { maxStatements: 5 })
  await plain.exec(SETUP)
  await prepared.exec(SETUP)
})
afterAll(async () => {
  await plain?.close()
  await prepared?.close()
})

describe('a query through prepared statements', () => {
  const select = 'select id, name, tags, doc, at, ok, big from t where id = any($1::int[]) order by id'

  it('answers what PGlite answers, rows as objects or arrays, with a caller’s own parsers', async () => {
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => `at ${value}` } },
    ]) {
      const expected = await plain.query(select, [[1, 2]], options)
      const actual = await prepared.query(select, [[1, 2]], options)
      expect(actual).toEqual(expected)
      // And again, from the prepared statement.
      expect(await prepared.query(select, [[2]], options)).toEqual(await plain.query(select, [[2]], options))
    }
  })

  it('serializes parameters as PGlite does: dates, JSON, arrays, booleans, null', async () => {
    const insert = 'insert into t values ($1, $2, $3, $4, $5, $6, $7) returning *'
    const params = [3, 'three', ['c'], { nested: [1, 'x'] }, new Date('2026-01-02T03:04:05.678Z'), true, null]
    expect(await prepared.query(insert, params)).toEqual(await plain.query(insert, params))
    const update = 'update t set name = $1 where id >= $2'
    const counted = await prepared.query(update, ['many', 2])
    expect(counted).toEqual(await plain.query(update, ['many', 2]))
    expect(counted.affectedRows).toBe(2)
  })

  it('parses and plans a text once, then reuses it; past the limit the least recently used is closed', async () => {
    const before = await preparedCount(prepared)
    const text = 'select name from t where id = $1'
    for (let id = 1; id <= 3; id++) await prepared.query(text, [id])
    const { rows } = await prepared.query<{ statement: string }>(
      'select statement from pg_prepared_statements where statement = $1',
      [text],
    )
    expect(rows).toHaveLength(1)
    expect(await preparedCount(prepared)).toBeGreaterThanOrEqual(Math.min(before + 1, 5))
    for (let n = 0; n < 10; n++) await prepared.query(`select ${n}::int as n`)
    expect(await preparedCount(prepared)).toBeLessThanOrEqual(5)
    expect((await prepared.query(text, [1])).rows).toEqual([{ name: 'one' }])
  })

  it('throws PGlite’s database error with the query, and the next statements still work', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)'
    const error = await prepared.query(insert, [1, 'again']).catch((thrown: unknown) => thrown)
    expect(error).toMatchObject({ code: '23505', query: insert, params: [1, 'again'] })
    const syntax = await prepared.query('selec 1').catch((thrown: unknown) => thrown)
    expect(syntax).toMatchObject({ code: '42601' })
    expect((await prepared.query(insert, [10, 'ten'])).affectedRows).toBe(1)
    expect((await prepared.query('select name from t where id = $1', [10])).rows).toEqual([{ name: 'ten' }])
  })

  it('prepares a statement again when a schema change alters its result', async () => {
    await prepared.exec('create table s (a int)')
    await prepared.query('insert into s values ($1)', [1])
    expect((await prepared.query('select * from s')).rows).toEqual([{ a: 1 }])
    await prepared.exec('alter table s add column b text default $$b$$')
    expect((await prepared.query('select * from s')).rows).toEqual([{ a: 1, b: 'b' }])
  })

  it('runs one statement at a time: concurrent queries each get their own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => prepared.query<{ n: number }>('select $1::int * 2 as n', [n])),
    )
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(Array.from({ length: 50 }, (_, n) => n * 2))
  })
})

describe('a transaction through prepared statements', () => {
  it('commits, rolls back on a throw, and refuses a closed transaction', async () => {
    await prepared.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [20, 'twenty'])
      expect((await tx.query('select name from t where id = $1', [20])).rows).toEqual([{ name: 'twenty' }])
    })
    expect((await prepared.query('select name from t where id = $1', [20])).rows).toEqual([{ name: 'twenty' }])

    await expect(
      prepared.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [21, 'twenty-one'])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect((await prepared.query('select name from t where id = $1', [21])).rows).toEqual([])

    let kept: { query: PGlite['query'] } | undefined
    await prepared.transaction(async (tx) => {
      kept = tx
    })
    expect(() => kept!.query('select 1')).toThrow('Transaction is closed')
  })

  it('waits for a transaction under way before a statement outside it runs', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = prepared.transaction(async (tx) => {
      await tx.query('update t set name = $1 where id = $2', ['in tx', 1])
      order.push('tx updated')
      await held
      order.push('tx ends')
    })
    const outside = prepared.query<{ name: string }>('select name from t where id = $1', [1]).then((result) => {
      order.push('outside read')
      return result.rows[0]!.name
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    release()
    await transaction
    expect(await outside).toBe('in tx')
    expect(order).toEqual(['tx updated', 'tx ends', 'outside read'])
  })
})
