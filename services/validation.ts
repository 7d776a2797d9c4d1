/**
 * Reads a JSON body through a Zod schema. Malformed JSON is a 400; a body that fails
 * the schema is a 422 (or the status the call documents, `invalidStatus`) whose envelope
 * carries each field's messages (error.fields), so the portal can show them beside the
 * form exactly as its own validation would.
 *
 * No call's text holds a control character (lib/control-characters.ts; issue 32, finding 2):
 * a NUL cannot be bound to a Postgres text or jsonb value, so a service never sees one. The
 * body's strings are checked here, the path and query by the gateway (`controlCharacterFields`).
 */
import type { Context } from 'hono'
import type { z } from 'zod'
import { UNSUPPORTED_CHARACTERS, controlCharacterPaths, hasControlCharacters } from '../lib/control-characters.ts'
import { ServiceError } from './errors.ts'

export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  invalidStatus: 400 | 422 = 422,
): Promise<z.output<S>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new ServiceError(400, 'invalid_json', 'The request body is not JSON.')
  }
  const controls = controlCharacterPaths(body)
  if (controls.length > 0) {
    const fields = Object.fromEntries(controls.map((path) => [path, [UNSUPPORTED_CHARACTERS]]))
    throw new ServiceError(invalidStatus, 'invalid_input', 'Some fields are not valid.', fields)
  }
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  throw new ServiceError(invalidStatus, 'invalid_input', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
}

/** Each field's messages, by its dotted path; a problem with the whole body goes under '_form'. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : '_form'
    ;(fields[name] ??= []).push(issue.message)
  }
  return fields
}

/**
 * The fields of a call's path and query that hold a control character, each with the message
 * (the path's under '_form'); null when there is none. Read as the routes read them: decoded.
 */
export function controlCharacterFields(url: URL): Record<string, string[]> | null {
  const fields: Record<string, string[]> = {}
  let path = url.pathname
  try {
    path = decodeURIComponent(path)
  } catch {
    // A malformed escape is no control character: the route's own checks refuse the path.
  }
  if (hasControlCharacters(path)) fields._form = [UNSUPPORTED_CHARACTERS]
  for (const [name, value] of url.searchParams) {
    if (hasControlCharacters(value, { multiline: true }) || hasControlCharacters(name)) {
      fields[hasControlCharacters(name) ? '_form' : name] = [UNSUPPORTED_CHARACTERS]
    }
  }
  return Object.keys(fields).length > 0 ? fields : null
}
