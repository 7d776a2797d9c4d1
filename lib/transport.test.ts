import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { rawRequest } from '../tests/support/raw-http.ts'
import { createLogger, logContext } from './logger.ts'
import { limitBodyTime, unhandledRejectionLog } from './transport.ts'

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

describe('a body time limit (limitBodyTime, as the portal and the upstream server use it)', () => {
  it('ends a dripping body with 408 and the connection closed; a body that arrives in time is untouched', async () => {
    const server = http.createServer((req, res) => {
      limitBodyTime(req, res, 300)
      // A handler that waits for the whole body, as the gateway does for a webhook's JSON.
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => res.end(`read ${Buffer.concat(chunks).length}`))
      req.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const drip = await rawRequest(base, {
        path: '/v1/pay/webhooks/paymongo',
        body: Buffer.from('{"data":'),
        declaredLength: 1000,
        then: 'drip',
        dripEveryMs: 50,
      })
      expect(drip.status).toBe(408)
      expect(drip.ended).toBe('closed')
      expect(drip.ms).toBeLessThan(5000)
      const whole = await rawRequest(base, { path: '/v1/pay/webhooks/paymongo', body: Buffer.from('{}'), then: 'wait' })
      expect(whole.text).toContain('read 2')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
