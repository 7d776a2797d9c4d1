import { describe, expect, it } from 'vitest'
import { createLogger, logContext, requestLineLogger } from './logger'

describe('log redaction', () => {
  it('never writes passwords, Wi-Fi passphrases, reset tokens or hashes, at the top level or one level down', () => {
    const lines: string[] = []
    const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => lines.push(line) })
    logger.info(
      {
        password: 'Secret123',
        newPassword: 'Secret456',
        accessToken: 'tok-abc',
        body: { password: 'Secret789', token: 'tok-def', passwordHash: '$scrypt$x', passphrase: 'Wifi-Key-1' },
        passphrase: 'Wifi-Key-2',
        task: { name: 'setParameterValues', parameterValues: [['Device.WiFi.SSID.1.SSID', 'Wifi-Key-3']] },
      },
      'attempt',
    )
    const text = lines.join('')
    for (const secret of [
      'Secret123',
      'Secret456',
      'Secret789',
      'tok-abc',
      'tok-def',
      '$scrypt$x',
      'Wifi-Key-1',
      'Wifi-Key-2',
      'Wifi-Key-3',
    ])
      expect(text).not.toContain(secret)
    expect(text).toContain('[redacted]')
  })
})

describe('the request line logger', () => {
  it('writes the same line as the logger it comes from, its context included, and leaves that logger redacting', () => {
    const lines: string[] = []
    const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => lines.push(line) })
    const requestLines = requestLineLogger(logger)
    logContext.run({ requestId: 'req-1' }, () => {
      requestLines.info({ method: 'POST', path: '/v1/drafts/:draftId', status: 201, ms: 1.5 }, 'upstream call')
      logger.info({ password: 'Secret123' }, 'attempt')
    })
    const [line, after] = lines.map((text) => JSON.parse(text))
    expect(line).toMatchObject({
      name: 'test',
      level: 30,
      requestId: 'req-1',
      method: 'POST',
      path: '/v1/drafts/:draftId',
      status: 201,
      ms: 1.5,
      msg: 'upstream call',
    })
    expect(after).toMatchObject({ requestId: 'req-1', password: '[redacted]' })
  })
})
