import { describe, expect, it } from 'vitest'
import { createLogger, logContext } from './logger.ts'
import { unhandledRejectionLog } from './transport.ts'

describe('the process-level handler (issue 32: the last line of defence)', () => {
  it('logs an unhandled rejection at error level with the id of the request it happened in', () => {
    const lines: string[] = []
    const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => lines.push(line) })
    const log = unhandledRejectionLog(logger)
    logContext.run({ requestId: 'req-1' }, () => log(new Error('a write nothing awaited')))
    const line = JSON.parse(lines[0]!) as { level: number; requestId: string; msg: string; err: { message: string } }
    expect(line).toMatchObject({ level: 50, requestId: 'req-1', msg: 'unhandled rejection' })
    expect(line.err.message).toBe('a write nothing awaited')
  })
})
