import { getZodConstraint } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import type { FormConstraint } from '~/ui/use-schema-form'

/**
 * `request.formData()` throws on a body that is not a form (a JSON post, a broken
 * multipart): that is the sender's mistake, so it answers 415, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data({ message: 'The form could not be read. Please try again.' }, { status: 415 })
  }
}

/**
 * A form's HTML constraints (`required`, …) from its schema, for the loader to hand to the
 * screen (app/ui/use-schema-form.ts): the browser gets them without loading zod.
 */
export function formConstraint(schema: z.ZodType): FormConstraint {
  // getZodConstraint answers a Proxy; loader data is plain data.
  return { ...getZodConstraint(schema) }
}
