/**
 * pg-boss over the embedded database: its `db` option (`executeSql(text, values)`) on the
 * services' own PGlite handle, so the one-machine set-up runs the same queue as a
 * Postgres server (docs/decisions/0050).
 *
 * PGlite is one session that runs one statement (or one transaction) at a time, in order.
 * pg-boss's statements are short and never wait on each other; its schema changes come as
 * one text with their own BEGIN … COMMIT, run in one go (`exec`, PGlite's simple protocol;
 * parameterised statements go through `query`). A job handler must not await pg-boss from
 * inside a PGlite transaction: the statement would wait for the transaction it sits in.
 */
import type { PGlite } from '@electric-sql/pglite'

export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
}

export type TrackedExecutor = SqlExecutor & {
  /** Resolves when no statement is in flight: pg-boss completes a job without waiting, and the database must outlive that. */
  idle(): Promise<void>
}

export function pgliteExecutor(client: PGlite): TrackedExecutor {
  return tracked(async (text, values) => {
    if (values && values.length > 0) return client.query(text, values)
    try {
      const results = await client.exec(text)
      return results.at(-1) ?? { rows: [] }
    } catch (error) {
      // A failed statement inside one of pg-boss's BEGIN … COMMIT texts leaves the one session
      // in an aborted transaction; end it so the services' next statement is not refused.
      if (client.isInTransaction()) await client.exec('ROLLBACK')
      throw error
    }
  })
}

/** Counts the statements in flight, so stopping can wait for the last one. */
export function tracked(run: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>): TrackedExecutor {
  const inFlight = new Set<Promise<unknown>>()
  return {
    executeSql(text, values) {
      const statement = run(text, values)
      inFlight.add(statement)
      const forget = () => inFlight.delete(statement)
      statement.then(forget, forget)
      return statement
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
  }
}
