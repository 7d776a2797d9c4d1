import { pino, type DestinationStream } from 'pino'
import type { Config } from './env.ts'

/**
 * JSON lines on stdout. Values are JSON-escaped, so a newline in a name stays on one
 * line; the redact list keeps secrets and tokens out even if someone logs them.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, name: string, destination?: DestinationStream) {
  const options = {
    name,
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'passwordHash',
        '*.passwordHash',
        'token',
        '*.token',
        'accessToken',
        '*.accessToken',
        'tokenHash',
        '*.tokenHash',
        'authorization',
        '*.authorization',
        'cookie',
        '*.cookie',
        'cardNumber',
        '*.cardNumber',
        // One-time codes (services/otp: the body field `otp`) and their hashes. Not `code`:
        // errors carry a diagnostic `code` (ECONNREFUSED) that logs need.
        'otp',
        '*.otp',
        'codeHash',
        '*.codeHash',
        // Wi-Fi passphrases (services/devices, issue 18), and the ACS task that carries one.
        'passphrase',
        '*.passphrase',
        'parameterValues',
        '*.parameterValues',
      ],
      censor: '[redacted]',
    },
  }
  return destination ? pino(options, destination) : pino(options)
}
