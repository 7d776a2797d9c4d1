/**
 * Starts the scale-out set-up once for the run (cluster.ts) and a control endpoint on
 * loopback through which the journeys, in Playwright's worker processes, kill a portal or an
 * upstream process midway and start it again (control.ts).
 */
import http from 'node:http'
import { rehearseBackup } from './backup'
import { PORTS, startCluster, type ProcessName } from './cluster'

const NAME = /^\/(kill|start)\/((?:portal-[123])|(?:upstream-[12]))$/

export default async function globalSetup() {
  const cluster = await startCluster()
  const control = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://control')
      const named = NAME.exec(url.pathname)
      if (req.method === 'POST' && named) {
        const name = named[2] as ProcessName
        if (named[1] === 'kill') cluster.kill(name)
        else await cluster.start(name)
        res.writeHead(204).end()
      } else if (req.method === 'POST' && /^\/database\/(open|close)$/.test(url.pathname)) {
        await cluster.database(url.pathname.endsWith('open'))
        res.writeHead(204).end()
      } else if (req.method === 'POST' && url.pathname === '/rehearse-backup') {
        await rehearseBackup(cluster)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ workDir: cluster.workDir }))
      } else if (req.method === 'GET' && url.pathname === '/work-dir') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ workDir: cluster.workDir }))
      } else if (req.method === 'GET' && url.pathname === '/routed') {
        const routed = cluster.routedTo()
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ public: [...routed.public], internal: [...routed.internal], running: cluster.running() }),
          )
      } else {
        res.writeHead(404).end()
      }
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => control.listen(PORTS.control, '127.0.0.1', resolve))
  process.stdout.write(`scale-out: processes' logs in ${cluster.workDir}\n`)
  return async () => {
    control.close()
    await cluster.stop()
  }
}
