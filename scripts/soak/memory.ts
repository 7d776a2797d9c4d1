/**
 * The server's resident memory for the soak: VmRSS of its process (its threads, the embedded
 * upstream's among them, share it) plus any process it started, read from /proc (Linux).
 */
import { listProcesses, rssBytes } from '../bench/processes.ts'

export type MemorySample = { label: string; at: string; rss: number; processes: number }

/** The pid and every process below it. */
function tree(pid: number): number[] {
  const all = listProcesses() ?? []
  const found = [pid]
  for (let index = 0; index < found.length; index++) {
    for (const entry of all) if (entry.ppid === found[index]) found.push(entry.pid)
  }
  return found
}

export function sampleMemory(label: string, pid: number): MemorySample {
  const pids = tree(pid)
  const rss = pids.map(rssBytes).reduce<number>((sum, bytes) => sum + (bytes ?? 0), 0)
  return { label, at: new Date().toISOString(), rss, processes: pids.length }
}

export const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)
