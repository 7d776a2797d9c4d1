import http from 'node:http'

export type Response = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A GET that keeps the raw bytes, no decompression (so the compressed size can be measured). */
export function get(url: string, headers: http.OutgoingHttpHeaders = {}, timeoutMs = 10_000) {
  return new Promise<Response>((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)))
    req.on('error', reject)
  })
}
