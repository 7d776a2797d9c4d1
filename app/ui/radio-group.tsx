import { CHOICE_CLASS } from './checkbox-field'
import { describedBy, FieldErrors, FieldHint, initialString, isInvalid, type FieldMeta } from './field-parts'

export type RadioOption = { value: string; label: string }

type RadioGroupProps = {
  /** The question, as the fieldset's legend. */
  legend: string
  field: FieldMeta
  options: RadioOption[]
  hint?: string
  required?: boolean
}

/**
 * A fieldset of radios: the legend names the group, each option is its own label, and
 * the hint and error list describe the whole group (as GOV.UK's radios do).
 */
export function RadioGroup({ legend, field, options, hint, required }: RadioGroupProps) {
  const checked = initialString(field)
  const invalid = isInvalid(field)
  return (
    // A radio has no aria-invalid of its own (ARIA 1.2): the group carries it, as a radiogroup.
    <fieldset
      id={field.id}
      role="radiogroup"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(field, hint)}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <FieldHint field={field} hint={hint} />
      {options.map((option, index) => {
        const id = `${field.id}-${index}`
        return (
          <div key={option.value} className="flex items-center gap-3">
            <input
              type="radio"
              id={id}
              name={field.name}
              value={option.value}
              defaultChecked={checked === option.value}
              required={required}
              className={CHOICE_CLASS}
            />
            <label htmlFor={id} className="text-sm">
              {option.label}
            </label>
          </div>
        )
      })}
      <FieldErrors field={field} />
    </fieldset>
  )
}
