import { parse, type Submission, type SubmissionResult } from '@conform-to/react'
// The one import of Conform's parser: forms parse through parseWithZod below (eslint.config.js).
// eslint-disable-next-line no-restricted-imports
import { getZodConstraint, parseWithZod as parseWithZodOnly } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import { UNSUPPORTED_CHARACTERS, hasControlCharacters } from '../../lib/control-characters'
import type { FormConstraint } from '~/ui/use-schema-form'
import type { UpstreamError } from '~/upstream/errors'
import { upstreamMessage, upstreamStatus } from './upstream-failure'

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
 * The fields of a form whose text holds a control character (lib/control-characters.ts), each
 * with the message; null when none does. `multiline` names the textareas, whose text may hold
 * tabs and line breaks. A NUL once reached SQL this way (issue 32, finding 2).
 */
export function controlCharacterErrors(
  form: FormData | URLSearchParams,
  multiline: readonly string[] = [],
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {}
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue
    if (hasControlCharacters(name) || hasControlCharacters(value, { multiline: multiline.includes(name) })) {
      errors[hasControlCharacters(name) ? '' : name] = [UNSUPPORTED_CHARACTERS]
    }
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/**
 * Conform's parseWithZod, for every form the server reads (docs/conventions.md, Forms), with
 * one check that no schema has to remember: a field whose text holds a control character is
 * refused with UNSUPPORTED_CHARACTERS beside it (its other errors kept), so its value never
 * goes upstream and the form comes back with what was typed. docs/security.md, Input.
 */
export function parseWithZod<Schema extends z.ZodType>(
  form: FormData | URLSearchParams,
  options: { schema: Schema; multiline?: readonly string[] },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const submission = parseWithZodOnly(form, { schema: options.schema })
  const controls = controlCharacterErrors(form, options.multiline)
  if (!controls) return submission
  return parse(form, {
    resolve: () => ({ error: { ...(submission.status === 'error' ? submission.error : {}), ...controls } }),
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>
}

/**
 * A form's HTML constraints (`required`, …) from its schema, for the loader to hand to the
 * screen (app/ui/use-schema-form.ts): the browser gets them without loading zod.
 */
export function formConstraint(schema: z.ZodType): FormConstraint {
  // getZodConstraint answers a Proxy; loader data is plain data.
  return { ...getZodConstraint(schema) }
}

/** What failureReply needs of a Conform submission: its reply. */
export type FormSubmission = {
  reply: (options?: {
    formErrors?: string[]
    fieldErrors?: Record<string, string[]>
    hideFields?: string[]
  }) => SubmissionResult<string[]>
}

/** A failure the form can show: the status to answer with and Conform's reply. */
export type FormFailure = { status: number; result: SubmissionResult<string[]> }

/**
 * Maps a rejected call onto the form (docs/conventions.md: upstream rejections become form errors,
 * the user's input comes back): a 422's per-field messages go beside the fields (renamed
 * where the upstream's names differ from the form's), anything else is a form-level
 * message (the caller has the failure from a call's result: app/visit/call.server.ts).
 */
export function failureReply(
  error: UpstreamError,
  submission: FormSubmission,
  options: { hideFields?: string[]; rename?: Record<string, string> } = {},
): FormFailure {
  const hideFields = options.hideFields
  if (error.kind === 'rejected' && error.fields) {
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const [name, messages] of Object.entries(error.fields)) {
      const target = options.rename?.[name] ?? name
      if (target === '_form') formErrors.push(...messages)
      else fieldErrors[target] = messages
    }
    return { status: upstreamStatus(error), result: submission.reply({ fieldErrors, formErrors, hideFields }) }
  }
  return {
    status: upstreamStatus(error),
    result: submission.reply({ formErrors: [upstreamMessage(error)], hideFields }),
  }
}
