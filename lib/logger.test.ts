import { describe, expect, it } from 'vitest'
import { createLogger } from './logger'

describe('log redaction', () => {
  it('never writes passwords, reset tokens or hashes, at the top level or one level down', () => {
    const lines: string[] = []
    const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => lines.push(line) })
    logger.info(
      {
        password: 'Secret123',
        newPassword: 'Secret456',
        accessToken: 'tok-abc',
        body: { password: 'Secret789', token: 'tok-def', passwordHash: '$scrypt$x' },
      },
      'attempt',
    )
    const text = lines.join('')
    for (const secret of ['Secret123', 'Secret456', 'Secret789', 'tok-abc', 'tok-def', '$scrypt$x'])
      expect(text).not.toContain(secret)
    expect(text).toContain('[redacted]')
  })
})
