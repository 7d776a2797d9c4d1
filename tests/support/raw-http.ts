/**
 * Test support: requests a browser or fetch cannot make, over a plain socket (issue 32, the
 * transport faults): a body cut short, a body that drips, a declared length never sent.
 */
import crypto from 'node:crypto'
import net from 'node:net'

export type RawAnswer = {
  /** The status line's code, or undefined when the server answered nothing. */
  status: number | undefined
  /** Everything the server sent, headers and body. */
  text: string
  /** How the exchange ended: the server closed the connection, or the test gave up waiting. */
  ended: 'closed' | 'gave up'
  /** How long, from the first byte sent. */
  ms: number
}

export type RawRequest = {
  method?: string
  path: string
  headers?: Record<string, string>
  /** The bytes sent at once after the headers. */
  body: Buffer
  /** Content-Length as declared (default: the body's length). */
  declaredLength?: number
  /**
   * After the body: 'wait' for the answer; 'abort' closes the socket after `abortAfterMs`; 'drip'
   * sends one more byte every `dripEveryMs` until the server answers or closes.
   */
  then: 'wait' | 'abort' | 'drip'
  abortAfterMs?: number
  dripEveryMs?: number
  /** Give up after this long (default 30 s). */
  timeoutMs?: number
}

export function rawRequest(base: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(base)
  const started = Date.now()
  return new Promise((resolve) => {
    const received: Buffer[] = []
    let drip: NodeJS.Timeout | undefined
    let settled = false
    const socket = net.connect(Number(url.port), url.hostname)
    const finish = (ended: RawAnswer['ended']) => {
      if (settled) return
      settled = true
      clearInterval(drip)
      clearTimeout(giveUp)
      socket.destroy()
      const text = Buffer.concat(received).toString('utf8')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]
      resolve({ status: status ? Number(status) : undefined, text, ended, ms: Date.now() - started })
    }
    socket.on('data', (chunk) => {
      received.push(chunk)
      // A drip stops as soon as the server has answered.
      clearInterval(drip)
    })
    socket.on('error', () => finish('closed'))
    socket.on('close', () => finish('closed'))
    const giveUp = setTimeout(() => finish('gave up'), request.timeoutMs ?? 30_000)
    socket.on('connect', () => {
      const headers = {
        host: url.host,
        connection: 'close',
        'content-length': String(request.declaredLength ?? request.body.length),
        ...request.headers,
      }
      const head = [`${request.method ?? 'POST'} ${request.path} HTTP/1.1`]
      // An empty value leaves the header out (a chunked body declares no length).
      for (const [name, value] of Object.entries(headers)) if (value !== '') head.push(`${name}: ${value}`)
      socket.write(`${head.join('\r\n')}\r\n\r\n`)
      socket.write(request.body)
      if (request.then === 'abort') setTimeout(() => finish('closed'), request.abortAfterMs ?? 200)
      if (request.then === 'drip') {
        drip = setInterval(() => {
          if (socket.writable) socket.write('a')
        }, request.dripEveryMs ?? 200)
      }
    })
  })
}

export type Part = { name: string; value?: string; fileName?: string; bytes?: Buffer }

/**
 * A multipart body built by hand, so a test can send names a browser would escape or leave
 * the closing boundary out (`closed: false`).
 */
export function multipartBody(parts: Part[], options: { closed?: boolean } = {}) {
  const boundary = `----raw${crypto.randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if (part.fileName === undefined) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`,
        ),
      )
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="`),
        Buffer.from(part.fileName, 'utf8'),
        Buffer.from(`"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        part.bytes ?? Buffer.alloc(0),
        Buffer.from('\r\n'),
      )
    }
  }
  if (options.closed !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` }
}
