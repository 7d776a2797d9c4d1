/**
 * The link form (spec 2 /get-started): validated by the server only; its reply puts the
 * message beside the field and keeps the typed number. Its own module, so that pages
 * showing only the linked accounts do not load Conform.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { useIsPending } from '~/utils/use-is-pending'
import { INTENT } from './intents'
import { OWN_ACCOUNT_TEXT as TEXT } from './texts'

export function LinkAccountForm({
  lastResult,
  another,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  another: boolean
}) {
  const [form, fields] = useForm<{ accountNumber: string }>({
    id: 'link-account',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const busy = useIsPending()
  return (
    <section aria-labelledby="link-account-heading" className="flex flex-col gap-3">
      <h2 id="link-account-heading" className="text-lg font-bold">
        {another ? TEXT.linkAnotherHeading : TEXT.linkHeading}
      </h2>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field
          label={TEXT.accountNumberLabel}
          hint={TEXT.linkHint}
          field={fields.accountNumber}
          inputProps={{
            ...getInputProps(fields.accountNumber, { type: 'text' }),
            required: undefined,
            inputMode: 'numeric',
            autoComplete: 'off',
            maxLength: 13,
          }}
        />
        <div>
          <Button type="submit" name="intent" value={INTENT.link} disabled={busy}>
            {TEXT.linkButton}
          </Button>
        </div>
      </Form>
    </section>
  )
}
