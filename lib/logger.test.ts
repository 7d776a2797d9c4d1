import { describe, expect, it } from 'vitest'
import { createLogger } from './logger'

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
