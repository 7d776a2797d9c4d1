/**
 * The operator's incidents screens (issue 37, item 2), rendered by the server: the lists and the
 * open form, and one incident with its updates, its forms and every change. Plain POST forms;
 * times in Manila time (lib/dates.ts).
 */
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { CheckboxField } from '~/ui/checkbox-field'
import { Field } from '~/ui/field'
import {
  CONTROL_CLASS,
  controlAttributes,
  FieldErrors,
  FieldHint,
  LABEL_CLASS,
  plainField,
  type FieldMeta,
} from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { SelectField } from '~/ui/select-field'
import type { Incident, IncidentLists } from '~/upstream/incidents.server'
import { formatDate } from '../../../lib/dates'
import { EXCLUSIONS, INCIDENT_KINDS } from '../../../lib/incident-words'
import type { IncidentActionData, IncidentStatus, OpenFormState } from './incidents.server'
import { OpsNav } from './ops-nav'
import { INCIDENTS_TEXT as TEXT } from './texts'

const when = (at: string | null) => (at ? formatDate(at, 'dateTime') : null)

/** Who made a change, as the operator reads it. */
export function whoOf(actor: string): string {
  if (actor === 'channel:NMS') return TEXT.who.nms
  if (actor === 'seed') return TEXT.who.seed
  if (actor === 'migration') return TEXT.who.migration
  return TEXT.who.operator(actor.replace(/^user:/, '').slice(0, 8))
}

function TextArea({ label, field, hint, rows = 3 }: { label: string; field: FieldMeta; hint?: string; rows?: number }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
      </label>
      <FieldHint field={field} hint={hint} />
      <textarea
        {...controlAttributes(field, hint)}
        rows={rows}
        defaultValue={typeof field.initialValue === 'string' ? field.initialValue : ''}
        className={CONTROL_CLASS}
      />
      <FieldErrors field={field} />
    </div>
  )
}

function IncidentTable({ caption, incidents }: { caption: string; incidents: Incident[] }) {
  const cell = 'border-b border-slate-100 py-1.5 pr-4 align-top dark:border-slate-800'
  return (
    <section className="mt-8">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {[
              TEXT.columns.kind,
              TEXT.columns.cause,
              TEXT.columns.areas,
              TEXT.columns.started,
              TEXT.columns.restore,
              TEXT.columns.resolved,
            ].map((name) => (
              <th key={name} scope="col" className="py-2 pr-4 font-semibold">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {incidents.length === 0 ? (
            <tr>
              <td colSpan={6} className="py-2 text-slate-600 dark:text-slate-300">
                {TEXT.none}
              </td>
            </tr>
          ) : (
            incidents.map((incident) => (
              <tr key={incident.id}>
                <td className={cell}>{TEXT.kindNames[incident.kind]}</td>
                <td className={cell}>
                  <AppLink to={`/ops/incidents/${incident.id}`} className="underline">
                    {incident.cause}
                  </AppLink>
                </td>
                <td className={cell}>{incident.areas.map((area) => area.name).join('; ')}</td>
                <td className={cell}>{when(incident.startedAt)}</td>
                <td className={cell}>{when(incident.estimatedRestoreAt) ?? TEXT.noEstimate}</td>
                <td className={cell}>{when(incident.resolvedAt) ?? ''}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  )
}

function OpenForm({ form }: { form: OpenFormState }) {
  const { values, errors, options } = form
  const f = (name: keyof typeof values & string, value: string = String(values[name] ?? '')) =>
    plainField(`open-${name}`, name, value, errors[name])
  const kinds = INCIDENT_KINDS.map((kind) => ({ value: kind, label: TEXT.kindNames[kind] }))
  const exclusions = EXCLUSIONS.map((value) => ({ value, label: TEXT.exclusionNames[value] }))
  const areas = plainField('open-areas', 'areas', '', errors.areas)
  return (
    <section aria-labelledby="open-heading" className="mt-10 max-w-2xl">
      <h2 id="open-heading" className="text-xl font-semibold">
        {TEXT.openHeading}
      </h2>
      {/* Remounted when the server's answer changes the values (the cascade cleared a level). */}
      <Form
        method="post"
        key={`${form.submissionKey}-${values.region}-${values.province}-${values.municipality}`}
        className="mt-4 flex flex-col gap-4"
      >
        <input type="hidden" name="submissionKey" value={form.submissionKey} />
        <FormAlert id="open-form-error" errors={errors._form} />
        <SelectField label={TEXT.kind} field={f('kind')} options={kinds} />
        <TextArea label={TEXT.cause} field={f('cause')} />
        <Field
          label={TEXT.startedAt}
          field={f('startedAt')}
          hint={TEXT.startedAtHint}
          inputProps={{ type: 'datetime-local' }}
        />
        <Field label={TEXT.scheduledEndAt} field={f('scheduledEndAt')} inputProps={{ type: 'datetime-local' }} />
        <Field
          label={TEXT.estimatedRestoreAt}
          field={f('estimatedRestoreAt')}
          hint={TEXT.estimatedRestoreAtHint}
          inputProps={{ type: 'datetime-local' }}
        />
        <SelectField label={TEXT.exclusion} field={f('exclusion')} options={exclusions} />
        <fieldset
          className="flex flex-col gap-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600"
          aria-describedby={errors.areas ? areas.errorId : undefined}
        >
          <legend className="px-1 font-semibold">{TEXT.areasLegend}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.areasHint}</p>
          <SelectField label={TEXT.region} field={f('region')} options={options.regions} placeholder={TEXT.choose} />
          <SelectField
            label={TEXT.province}
            field={f('province')}
            options={options.provinces}
            placeholder={TEXT.choose}
          />
          <SelectField
            label={TEXT.municipality}
            field={f('municipality')}
            options={options.municipalities}
            placeholder={TEXT.choose}
          />
          <div>
            <Button type="submit" name="intent" value="areas" variant="secondary">
              {TEXT.update}
            </Button>
          </div>
          {form.municipalityName ? (
            <>
              <CheckboxField
                label={TEXT.wholeMunicipality(form.municipalityName)}
                field={plainField('open-whole', 'whole', values.whole ? 'on' : '')}
              />
              <fieldset className="flex flex-col gap-1">
                <legend className="text-sm font-semibold">{TEXT.barangaysLegend}</legend>
                <div className="grid max-h-72 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2">
                  {options.barangays.map((barangay) => (
                    <label key={barangay.value} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="barangay"
                        value={barangay.value}
                        defaultChecked={values.barangays.includes(barangay.value)}
                      />
                      {barangay.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </>
          ) : null}
          <FieldErrors field={areas} />
        </fieldset>
        <div>
          <Button type="submit" name="intent" value="open">
            {TEXT.openButton}
          </Button>
        </div>
      </Form>
    </section>
  )
}

export function IncidentsView({ lists, form }: { lists: IncidentLists | null; form: OpenFormState }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <OpsNav current="incidents" />
      <h1 className="text-2xl font-bold">{TEXT.heading}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{TEXT.intro}</p>
      {lists ? (
        <>
          <IncidentTable caption={TEXT.current} incidents={lists.current} />
          <IncidentTable caption={TEXT.planned} incidents={lists.planned} />
          <IncidentTable caption={TEXT.recent} incidents={lists.recent} />
        </>
      ) : (
        <p role="alert" className="mt-4">
          {TEXT.loadFailed}
        </p>
      )}
      <OpenForm form={form} />
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="font-semibold">{label}:</dt>
      <dd>{children}</dd>
    </div>
  )
}

function ChangeForm({
  intent,
  heading,
  button,
  submissionKey,
  errors,
  children,
}: {
  intent: string
  heading: string
  button: string
  submissionKey: string
  errors?: string[]
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${intent}-heading`} className="mt-6">
      <h2 id={`${intent}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      <Form method="post" className="mt-2 flex max-w-xl flex-col gap-3">
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <FormAlert id={`${intent}-form-error`} errors={errors} />
        {children}
        <div>
          <Button type="submit" name="intent" value={intent}>
            {button}
          </Button>
        </div>
      </Form>
    </section>
  )
}

export function IncidentView({
  incident,
  status,
  submissionKey,
  answer,
}: {
  incident: Incident
  status: IncidentStatus
  submissionKey: string
  answer: IncidentActionData | undefined
}) {
  const errorsOf = (intent: string) => (answer?.intent === intent ? answer.errors : {})
  const valueOf = (intent: string, name: string, fallback = '') =>
    answer?.intent === intent ? (answer.values[name] ?? fallback) : fallback
  const key = answer?.submissionKey ?? submissionKey
  const field = (intent: string, name: string, fallback = '') =>
    plainField(`${intent}-${name}`, name, valueOf(intent, name, fallback), errorsOf(intent)[name])
  const resolved = incident.resolvedAt !== null
  const exclusions = EXCLUSIONS.map((value) => ({ value, label: TEXT.exclusionNames[value] }))
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <OpsNav current="incidents" />
      <p>
        <AppLink to="/ops/incidents" className="underline">
          {TEXT.backToList}
        </AppLink>
      </p>
      <h1 className="mt-4 text-2xl font-bold">
        {TEXT.kindNames[incident.kind]}: {incident.cause}
      </h1>
      <p className="mt-2 font-semibold">{TEXT.status[status]}</p>
      <dl className="mt-4 flex flex-col gap-1 text-sm">
        <Fact label={incident.kind === 'maintenance' ? TEXT.scheduledLabel : TEXT.startedLabel}>
          {when(incident.startedAt)}
          {incident.scheduledEndAt ? ` – ${when(incident.scheduledEndAt)}` : ''}
        </Fact>
        {incident.announcedAt ? <Fact label={TEXT.announcedLabel}>{when(incident.announcedAt)}</Fact> : null}
        <Fact label={TEXT.restoreLabel}>{when(incident.estimatedRestoreAt) ?? TEXT.noEstimate}</Fact>
        {resolved ? <Fact label={TEXT.resolvedLabel}>{when(incident.resolvedAt)}</Fact> : null}
        <Fact label={TEXT.areasLabel}>{incident.areas.map((area) => area.name).join('; ')}</Fact>
        <Fact label={TEXT.exclusionLabel}>{TEXT.exclusionNames[incident.exclusion]}</Fact>
        <Fact label={TEXT.openedByLabel}>{whoOf(incident.openedBy)}</Fact>
      </dl>

      <section aria-labelledby="updates-heading" className="mt-6">
        <h2 id="updates-heading" className="text-lg font-semibold">
          {TEXT.updatesHeading}
        </h2>
        {incident.updates.length === 0 ? (
          <p className="text-sm">{TEXT.noUpdates}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2 text-sm">
            {incident.updates.map((update, index) => (
              <li key={index}>
                <span className="font-semibold">{when(update.postedAt)}</span>{' '}
                {update.kind === 'estimate'
                  ? TEXT.estimateChanged(when(update.estimatedRestoreAt) ?? TEXT.noEstimate)
                  : update.kind === 'resolved'
                    ? `${TEXT.resolvedUpdate}${update.text ? ` ${update.text}` : ''}`
                    : update.text}{' '}
                <span className="text-slate-600 dark:text-slate-300">{TEXT.postedBy(whoOf(update.postedBy))}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {resolved ? null : (
        <>
          <ChangeForm
            intent="update"
            heading={TEXT.updateHeading}
            button={TEXT.postButton}
            submissionKey={key}
            errors={errorsOf('update')._form}
          >
            <TextArea label={TEXT.updateText} field={field('update', 'text')} />
          </ChangeForm>
          <ChangeForm
            intent="estimate"
            heading={TEXT.estimateHeading}
            button={TEXT.estimateButton}
            submissionKey={key}
            errors={errorsOf('estimate')._form}
          >
            <Field
              label={TEXT.estimatedRestoreAt}
              field={field('estimate', 'estimatedRestoreAt')}
              inputProps={{ type: 'datetime-local' }}
            />
          </ChangeForm>
        </>
      )}
      <ChangeForm
        intent="exclusion"
        heading={TEXT.exclusionHeading}
        button={TEXT.exclusionButton}
        submissionKey={key}
        errors={errorsOf('exclusion')._form}
      >
        <SelectField
          label={TEXT.exclusion}
          field={field('exclusion', 'exclusion', incident.exclusion)}
          options={exclusions}
        />
      </ChangeForm>
      {resolved ? null : (
        <ChangeForm
          intent="resolve"
          heading={TEXT.resolveHeading}
          button={TEXT.resolveButton}
          submissionKey={key}
          errors={errorsOf('resolve')._form}
        >
          <Field
            label={TEXT.resolvedAt}
            field={field('resolve', 'resolvedAt')}
            hint={TEXT.resolvedAtHint}
            inputProps={{ type: 'datetime-local' }}
          />
          <TextArea label={TEXT.resolveText} field={field('resolve', 'text')} rows={2} />
        </ChangeForm>
      )}

      <section className="mt-8">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="mb-2 text-left text-lg font-semibold">{TEXT.auditHeading}</caption>
          <tbody>
            {incident.audit.map((change, index) => (
              <tr key={index} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1.5 pr-4">{when(change.at)}</td>
                <td className="py-1.5 pr-4">{TEXT.auditActions[change.action]}</td>
                <td className="py-1.5 pr-4">{whoOf(change.actor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}
