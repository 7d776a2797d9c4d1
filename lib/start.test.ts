import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import type { Config } from './env.ts'
import { logDemoParts } from './start.ts'

const config = (production: boolean, demo: Config['demo']) => ({ production, demo }) as Config

/** The lines a logger writes, parsed. */
function capture() {
  const lines: Array<Record<string, unknown>> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  return { logger, lines }
}

describe('logDemoParts (issue 32; docs/decisions/0061)', () => {
  it('warns at start of a production process that runs demo parts, naming each setting', () => {
    const { logger, lines } = capture()
    logDemoParts(config(true, ['PAYMENTS_SANDBOX', 'DEMO_DATA']), logger)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, demo: ['PAYMENTS_SANDBOX', 'DEMO_DATA'] })
    expect(lines[0]!.msg).toContain('PAYMENTS_SANDBOX, DEMO_DATA')
  })

  it('says it at info outside production, and nothing when no demo part is on', () => {
    const { logger, lines } = capture()
    logDemoParts(config(false, ['DEV_UI']), logger)
    logDemoParts(config(true, []), logger)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 30, demo: ['DEV_UI'] })
  })
})
