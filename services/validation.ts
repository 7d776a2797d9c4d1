/**
 * Reads a JSON body through a Zod schema. Malformed JSON is a 400; a body that fails
 * the schema is a 422 (or the status the call documents, `invalidStatus`) whose envelope
 * carries each field's messages (error.fields), so the portal can show them beside the
 * form exactly as its own validation would.
 */
import type { Context } from 'hono'
import type { z } from 'zod'
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
