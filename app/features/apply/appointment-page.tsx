/**
 * /onboard/:path/appointment (issue 10; spec 1, 7): the installation slots the
 * appointments call answers, grouped by day; a full slot shows as full and cannot be
 * chosen. The choice is checked upstream (POST slots) and kept in the draft; a slot that
 * filled up meanwhile comes back refused with the service's message.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { Slot } from '~/upstream/applications.server'
import { Button } from '~/ui/button'
import { CHOICE_CLASS } from '~/ui/checkbox-field'
import { describedBy, FieldErrors, isInvalid } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useIsPending } from '~/utils/use-is-pending'
import { slotLabel } from '../../../lib/application-words'
import { formatDate } from '../../../lib/dates'
import type { ApplicantPath, WizardFlow } from './steps'
import { APPLY_TEXT } from './texts'
import { WizardFrame } from './wizard-frame'

const TEXT = APPLY_TEXT.appointment
const loadSchema = () => import('./schemas').then((module) => module.AppointmentFormSchema)

export type AppointmentProps = {
  path: ApplicantPath
  flow: WizardFlow
  back: string
  slots: Slot[] | null
  chosen: string | null
  constraint: FormConstraint
  lastResult: SubmissionResult<string[]> | undefined
}

function byDate(slots: Slot[]): [string, Slot[]][] {
  const days = new Map<string, Slot[]>()
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot])
  return [...days]
}

export function AppointmentPage({ path, flow, back, slots, chosen, constraint, lastResult }: AppointmentProps) {
  const [form, fields] = useSchemaForm({
    id: 'appointment',
    lastResult,
    constraint,
    defaultValue: chosen ? { slotId: chosen } : undefined,
    loadSchema,
  })
  const busy = useIsPending()
  const field = fields.slotId
  const checked = typeof field.initialValue === 'string' ? field.initialValue : chosen
  return (
    <WizardFrame path={path} flow={flow} page="appointment" heading={TEXT.heading} intro={TEXT.intro} back={back}>
      {slots === null ? (
        <FormAlert id="slots-alert" errors={[TEXT.unavailable]} />
      ) : slots.length === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
          <FormAlert id={form.errorId} errors={form.errors} />
          <fieldset
            id={field.id}
            aria-invalid={isInvalid(field) || undefined}
            aria-describedby={describedBy(field)}
            className="flex flex-col gap-4"
          >
            <legend className="mb-2 text-xl font-bold">{TEXT.legend}</legend>
            <FieldErrors field={field} />
            {byDate(slots).map(([date, daySlots]) => (
              <div
                key={date}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <p className="font-semibold">{formatDate(date, 'weekdayDate')}</p>
                {daySlots.map((slot) => {
                  const full = slot.available === 0
                  const id = `slot-${slot.slotId}`
                  return (
                    <div key={slot.slotId} className="flex items-center gap-3">
                      <input
                        type="radio"
                        id={id}
                        name={field.name}
                        value={slot.slotId}
                        defaultChecked={checked === slot.slotId}
                        disabled={full}
                        required
                        className={CHOICE_CLASS}
                      />
                      <label
                        htmlFor={id}
                        className={`text-sm ${full ? 'text-slate-500 line-through dark:text-slate-400' : ''}`}
                      >
                        {slotLabel(slot.date, slot.window)}
                        <span className="ml-2 no-underline">({full ? TEXT.full : TEXT.left(slot.available)})</span>
                      </label>
                    </div>
                  )
                })}
              </div>
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              {TEXT.save}
            </Button>
          </div>
        </Form>
      )}
    </WizardFrame>
  )
}
