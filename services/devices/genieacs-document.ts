/**
 * Reading a GenieACS device document (GET /devices): every parameter is an object
 * `{ _value, _type, _timestamp, _writable }` nested along its path, every object
 * `{ _object: true, ... }` with its instances under '1', '2', … .
 */
import { z } from 'zod'

export type Document = Record<string, unknown>
export type Value = string | number | boolean

const ParameterSchema = z.object({ _value: z.union([z.string(), z.number(), z.boolean()]).nullish() }).loose()

const isNode = (node: unknown): node is Document => node !== null && typeof node === 'object' && !Array.isArray(node)

/** The object or parameter at a dotted path, or null. */
export function nodeAt(document: unknown, path: string): Document | null {
  let node: unknown = document
  for (const part of path.split('.')) {
    if (!isNode(node)) return null
    node = node[part]
  }
  return isNode(node) ? node : null
}

export function valueAt(document: unknown, path: string): Value | null {
  const parsed = ParameterSchema.safeParse(nodeAt(document, path))
  return parsed.success ? (parsed.data._value ?? null) : null
}

export function numberAt(document: unknown, path: string): number | null {
  const value = valueAt(document, path)
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(number) ? number : null
}

/** A text parameter, null when absent or empty (TR-069 reports an unknown text as ''). */
export function textAt(document: unknown, path: string): string | null {
  const value = valueAt(document, path)
  return value === null || value === '' ? null : String(value)
}

/** xsd:boolean arrives as true/false, or as '1'/'0' or 'true'/'false' from some modems. */
export function booleanAt(document: unknown, path: string): boolean | null {
  const value = valueAt(document, path)
  if (typeof value === 'boolean') return value
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return null
}

/** A dateTime, null when absent or TR-069's unknown time (0001-01-01T00:00:00Z). */
export function dateAt(document: unknown, path: string): Date | null {
  const value = textAt(document, path)
  if (!value || value.startsWith('0001-')) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The instances of a multi-instance object, by number: [['1', node], ['5', node], …]. */
export function instancesAt(document: unknown, path: string): [string, Document][] {
  const table = nodeAt(document, path)
  if (!table) return []
  return Object.entries(table)
    .filter((entry): entry is [string, Document] => /^\d+$/.test(entry[0]) && isNode(entry[1]))
    .sort((a, b) => Number(a[0]) - Number(b[0]))
}

/** 'Device.WiFi.SSID.1.' and 'Device.WiFi.SSID.1' name the same object. */
export const objectPath = (reference: string) => reference.trim().replace(/\.$/, '')
