// A worker thread's entry when the portal runs from its sources (tests, `tsx server.ts`):
// registers tsx's loader, which a worker does not take from its parent's flags, then runs
// the TypeScript entry it was given (server/upstream-thread.ts).
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
