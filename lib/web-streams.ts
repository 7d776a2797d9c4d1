/**
 * A Node stream as a web ReadableStream that reads ahead by one chunk only. Node's own
 * Readable.toWeb counts its read-ahead in chunks but takes the Node stream's high-water
 * mark in bytes (65,536 "chunks"), so it would pull a whole file into memory at once
 * (docs/decisions/0031; scripts/bench/uploads.ts measures it).
 */
import { Readable } from 'node:stream'

export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream, {
    strategy: new CountQueuingStrategy({ highWaterMark: 1 }),
  }) as ReadableStream<Uint8Array>
}
