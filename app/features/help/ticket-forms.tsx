/**
 * The customer's help screens (spec 1, help centre): the concern form with its cascading
 * type and sub-type, the after-sales form, the list of their tickets and one ticket.
 *
 * Plain POST forms validated on the server (messages beside the fields, input kept), so
 * they work without JavaScript and add almost none: no schema library in the browser. The
 * cascade (docs/architecture.md, 4): without JavaScript, a visible Update button sends the
 * form and the server answers the chosen type's sub-types; with it, changing the type loads
 * them through a fetcher and the button is not shown.
 */
import { Form, useFetcher } from 'react-router'
import { useEffect, useState } from 'react'
import type { TicketType } from '~/upstream/support.server'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { CONTROL_CLASS, controlAttributes, FieldErrors, FieldHint, LABEL_CLASS, type FieldMeta } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { SelectField } from '~/ui/select-field'
import { useHydrated } from '~/ui/use-hydrated'
import { useIsPending } from '~/utils/use-is-pending'
import { DESCRIPTION_MAX } from '../../../lib/support-words'
import { TICKET_TEXT as TEXT } from './texts'
import type { AfterSalesValues, ConcernValues, FieldErrors as Errors } from './ticket-form'

export const CONCERN_PATH = '/customer/help/concern'
export const SUB_TYPES_PATH = '/customer/help/concern/sub-types'
export const AFTER_SALES_PATH = '/customer/help/after-sales'

type FormState<V> = { values: V; errors: Errors; formError: string | null; submissionKey: string }

function fieldMeta(form: string, name: string, value: string, errors: Errors): FieldMeta {
  const id = `${form}-${name}`
  return { id, name, errorId: `${id}-error`, initialValue: value, errors: errors[name] }
}

const options = (types: TicketType[]) => types.map((type) => ({ value: type.code, label: type.name }))

function DescriptionField({ field }: { field: FieldMeta }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {TEXT.description}
      </label>
      <FieldHint field={field} hint={TEXT.descriptionHint} />
      <textarea
        {...controlAttributes(field, TEXT.descriptionHint)}
        defaultValue={typeof field.initialValue === 'string' ? field.initialValue : ''}
        rows={5}
        maxLength={DESCRIPTION_MAX}
        className={CONTROL_CLASS}
      />
      <FieldErrors field={field} />
    </div>
  )
}

function AccountField({
  form,
  accountNumbers,
  state,
}: {
  form: string
  accountNumbers: string[]
  state: FormState<{ accountNumber: string }>
}) {
  return (
    <SelectField
      label={TEXT.account}
      field={fieldMeta(form, 'accountNumber', state.values.accountNumber, state.errors)}
      options={accountNumbers.map((accountNumber) => ({ value: accountNumber, label: accountNumber }))}
      placeholder={TEXT.accountPlaceholder}
      selectProps={{ required: true }}
    />
  )
}

function FormButtons({ action }: { action: string }) {
  const busy = useIsPending({ formAction: action })
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" name="intent" value="submit" disabled={busy}>
        {TEXT.submit}
      </Button>
      <AppLink to="/customer/help" className={buttonClass('ghost')}>
        {TEXT.cancel}
      </AppLink>
    </div>
  )
}

/** Shown instead of a form to a customer with no verified account (spec 2, Layout's words). */
export function NoAccount() {
  return (
    <div role="status" className="flex flex-col items-start gap-3">
      <p className="font-semibold">{TEXT.noAccount}</p>
      <p className="text-slate-600 dark:text-slate-300">{TEXT.noAccountDetail}</p>
      <AppLink to="/get-started" className={buttonClass('primary')}>
        {TEXT.linkAccount}
      </AppLink>
    </div>
  )
}

type SubTypesAnswer = { concernType: string; subTypes: TicketType[]; failed: boolean }

export function ConcernForm({
  accountNumbers,
  types,
  subTypes,
  state,
}: {
  accountNumbers: string[]
  /** null: the list could not be read (the upstream failed); the choice sent goes along unseen. */
  types: TicketType[] | null
  /** The server's sub-types for state.values.concernType. */
  subTypes: TicketType[]
  state: FormState<ConcernValues>
}) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<SubTypesAnswer>()
  const [concernType, setConcernType] = useState(state.values.concernType)
  // The server's answer (after Update or a refused submit) wins when it arrives.
  useEffect(() => setConcernType(state.values.concernType), [state.values.concernType])

  const fromServer = concernType === state.values.concernType
  const fetched = fetcher.data?.concernType === concernType ? fetcher.data : null
  const shownSubTypes = fromServer ? subTypes : (fetched?.subTypes ?? [])
  const loading = !fromServer && fetcher.state !== 'idle'
  const form = 'concern'

  function changeType(code: string) {
    setConcernType(code)
    if (code && code !== state.values.concernType)
      fetcher.load(`${SUB_TYPES_PATH}?concernType=${encodeURIComponent(code)}`)
  }

  return (
    <Form method="post" action={CONCERN_PATH} className="flex flex-col gap-4" noValidate={hydrated || undefined}>
      <FormAlert id={`${form}-error`} errors={state.formError ? [state.formError] : undefined} />
      <input type="hidden" name="submissionKey" value={state.submissionKey} />
      <AccountField form={form} accountNumbers={accountNumbers} state={state} />
      {types ? (
        <TypeFields
          types={types}
          state={state}
          concernType={concernType}
          changeType={changeType}
          shownSubTypes={shownSubTypes}
          fromServer={fromServer}
          loading={loading}
          listFailed={Boolean(fetched?.failed)}
        />
      ) : (
        <KeptType values={state.values} />
      )}
      <DescriptionField field={fieldMeta(form, 'description', state.values.description, state.errors)} />
      <FormButtons action={CONCERN_PATH} />
    </Form>
  )
}

/** The concern's type and sub-type when their lists could not be read: as sent, and said. */
function KeptType({ values }: { values: ConcernValues }) {
  return (
    <>
      <input type="hidden" name="concernType" value={values.concernType} />
      <input type="hidden" name="subType" value={values.subType} />
      <p>{values.concernType ? TEXT.typesKept(values.concernType, values.subType) : TEXT.typesFailed}</p>
    </>
  )
}

function TypeFields({
  types,
  state,
  concernType,
  changeType,
  shownSubTypes,
  fromServer,
  loading,
  listFailed,
}: {
  types: TicketType[]
  state: FormState<ConcernValues>
  concernType: string
  changeType: (code: string) => void
  shownSubTypes: TicketType[]
  fromServer: boolean
  loading: boolean
  listFailed: boolean
}) {
  const hydrated = useHydrated()
  const form = 'concern'
  return (
    <>
      <SelectField
        label={TEXT.concernType}
        field={fieldMeta(form, 'concernType', state.values.concernType, state.errors)}
        options={options(types)}
        placeholder={TEXT.concernTypePlaceholder}
        selectProps={{ required: true, onChange: (event) => changeType(event.currentTarget.value) }}
      />
      {hydrated ? null : (
        // Without JavaScript: sends the form to list the chosen type's sub-types; nothing is filed.
        <div>
          <Button type="submit" name="intent" value="update" variant="secondary" formNoValidate>
            {TEXT.update}
          </Button>
        </div>
      )}
      <div aria-busy={loading || undefined}>
        <SelectField
          // A new type's list starts with nothing chosen.
          key={concernType}
          label={TEXT.subType}
          field={fieldMeta(form, 'subType', fromServer ? state.values.subType : '', fromServer ? state.errors : {})}
          options={options(shownSubTypes)}
          placeholder={concernType ? TEXT.subTypePlaceholder : TEXT.subTypeFirst}
          selectProps={{ required: true, disabled: hydrated && shownSubTypes.length === 0 }}
        />
        {listFailed ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {TEXT.listFailed}
          </p>
        ) : null}
      </div>
    </>
  )
}

export function AfterSalesForm({
  accountNumbers,
  types,
  state,
}: {
  accountNumbers: string[]
  types: TicketType[]
  state: FormState<AfterSalesValues>
}) {
  const hydrated = useHydrated()
  const form = 'after-sales'
  return (
    <Form method="post" action={AFTER_SALES_PATH} className="flex flex-col gap-4" noValidate={hydrated || undefined}>
      <FormAlert id={`${form}-error`} errors={state.formError ? [state.formError] : undefined} />
      <input type="hidden" name="submissionKey" value={state.submissionKey} />
      <AccountField form={form} accountNumbers={accountNumbers} state={state} />
      <SelectField
        label={TEXT.afterSalesType}
        field={fieldMeta(form, 'afterSalesType', state.values.afterSalesType, state.errors)}
        options={options(types)}
        placeholder={TEXT.afterSalesTypePlaceholder}
        selectProps={{ required: true }}
      />
      <DescriptionField field={fieldMeta(form, 'description', state.values.description, state.errors)} />
      <FormButtons action={AFTER_SALES_PATH} />
    </Form>
  )
}
