/**
 * Conform's useForm for a form whose zod schema the server validates with (docs/conventions.md, Forms:
 * one schema, both sides), without putting zod in the JS of a first visit
 * (docs/decisions/0012-form-validation-loaded-after-the-page.md):
 * - the HTML constraints (`required`, …) come from the loader, computed from the schema
 *   on the server (`formConstraint`), so the first render needs no schema;
 * - the schema and Conform's zod adapter arrive with import() once the page runs. From
 *   then on a field is checked when it loses focus and again as it is corrected, by the
 *   same schema with the same messages as the server. Until then, and without
 *   JavaScript, the server checks the form on submit.
 * zod runs jitless in the browser: its compiled fast path probes `new Function` when a
 * schema is built, which the portal's CSP refuses (docs/security.md, Headers), and every browser
 * would report that violation.
 */
import { useForm, type Submission, type SubmissionResult } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { changedControlNames } from './use-form-at-hydration'

type Schema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

/** What `required`, `maxLength`, … each field gets: plain data, computed on the server. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]['constraint']>

type Options<S extends Schema> = {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  constraint: FormConstraint
  defaultValue?: Partial<z.input<S>>
  /**
   * `() => import('./schemas').then((module) => module.XxxSchema)`, declared once at
   * module level: the import() keeps the schema in a chunk of its own.
   */
  loadSchema: () => Promise<S>
}

export function useSchemaForm<S extends Schema>({ id, lastResult, constraint, defaultValue, loadSchema }: Options<S>) {
  const validate = useLoadedValidator(id, loadSchema)
  const conform = useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint,
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    // Without a validator, Conform would validate by posting the form to the server:
    // not each time a field loses focus or changes, only on submit.
    shouldValidate: validate ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validate ? 'onInput' : 'onSubmit',
  })
  // A field left before the schema arrived had no check on its blur: once the schema is
  // here, each field the visitor left meanwhile (seen since hydration), or changed and left
  // before it (docs/decisions/0032: a lazily hydrated screen, a slow phone), is checked as
  // if its blur came now.
  const [form] = conform
  const validateField = form.validate
  const left = useRef(new Set<string>())
  useEffect(() => {
    if (validate) return
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target
      if (
        (target instanceof HTMLInputElement ||
          target instanceof HTMLSelectElement ||
          target instanceof HTMLTextAreaElement) &&
        target.form?.id === id &&
        target.name
      ) {
        left.current.add(target.name)
      }
    }
    document.addEventListener('focusout', onFocusOut, true)
    return () => document.removeEventListener('focusout', onFocusOut, true)
  }, [validate, id])
  useEffect(() => {
    if (!validate) return
    const element = document.getElementById(id)
    if (!(element instanceof HTMLFormElement)) return
    const focused = document.activeElement
    const names = new Set([...left.current, ...changedControlNames(element)])
    if (focused && 'name' in focused && typeof focused.name === 'string') names.delete(focused.name)
    left.current.clear()
    for (const name of names) validateField({ name })
  }, [validate, id]) // eslint-disable-line react-hooks/exhaustive-deps -- once, when the schema arrives
  return conform
}

/** zod's setting goes first: a schema reads it when it is built, as its module loads. */
async function loadValidation<S extends Schema>(loadSchema: () => Promise<S>) {
  const { config } = await import('zod')
  config({ jitless: true })
  return Promise.all([import('@conform-to/zod/v4'), loadSchema()])
}

/**
 * The form's schema, loaded once per form: the loader of the form's first render, again only
 * for another form id. Not once per loader: a loader written inline (`() => load(kind)`) is a
 * new function on every render, and loading on each one set the state that rendered again,
 * for ever (the check screen's details form kept a core busy while it sat on the screen).
 */
function useLoadedValidator<S extends Schema>(id: string, loadSchema: () => Promise<S>) {
  const [validate, setValidate] = useState<(formData: FormData) => Submission<z.input<S>, string[], z.output<S>>>()
  const loader = useRef(loadSchema)
  loader.current = loadSchema
  useEffect(() => {
    let mounted = true
    loadValidation(loader.current).then(
      ([{ parseWithZod }, schema]) => {
        if (mounted) setValidate(() => (formData: FormData) => parseWithZod(formData, { schema }))
      },
      // A chunk that does not load (offline, or a deploy since the page was served):
      // the form still works, checked by the server on submit.
      () => {},
    )
    return () => {
      mounted = false
    }
  }, [id])
  return validate
}
