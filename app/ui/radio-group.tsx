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
  /** The whole group unavailable (e.g. until an earlier choice is made); a disabled group posts nothing. */
  disabled?: boolean
  /** Controlled: the checked value, and what a change reports. Without them the server's value is the default. */
  value?: string
  onValueChange?: (value: string) => void
}

/**
 * A fieldset of radios: the legend names the group, each option is its own label, and
 * the hint and error list describe the whole group (as GOV.UK's radios do).
 */
export function RadioGroup({
  legend,
  field,
  options,
  hint,
  required,
  disabled,
  value,
  onValueChange,
}: RadioGroupProps) {
  const checked = initialString(field)
  const invalid = isInvalid(field)
  return (
    // A radio has no aria-invalid of its own (ARIA 1.2): the group carries it, as a radiogroup.
    <fieldset
      id={field.id}
      role="radiogroup"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(field, hint)}
      disabled={disabled}
      aria-disabled={disabled || undefined}
      className="flex flex-col gap-2 disabled:opacity-60"
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
              {...(value === undefined
                ? { defaultChecked: checked === option.value }
                : { checked: value === option.value, onChange: () => onValueChange?.(option.value) })}
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
