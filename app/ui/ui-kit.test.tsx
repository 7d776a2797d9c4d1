/**
 * The UI kit as the server renders it, which is all a visitor without JavaScript gets:
 * each part's labels, aria wiring and error lists, read from the HTML.
 */
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CheckboxField } from './checkbox-field'
import { Dialog } from './dialog'
import { Field } from './field'
import type { FieldMeta } from './field-parts'
import { FileField } from './file-field'
import { Map } from './map'
import { RadioGroup } from './radio-group'
import { SelectField } from './select-field'
import { Stepper } from './stepper'

type Tag = { name: string; attributes: Record<string, string>; html: string }

/** Every start tag in React's server HTML (always double-quoted attributes), in order. */
function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)].map(
    ([tag, name, attributes]) => ({
      name: name!,
      html: tag,
      attributes: Object.fromEntries(
        [...attributes!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!, value ?? '']),
      ),
    }),
  )
}

function render(element: ReactElement) {
  const html = renderToString(element)
  const tags = tagsOf(html)
  const byId = (id: string) => tags.find((tag) => tag.attributes.id === id)
  const all = (name: string) => tags.filter((tag) => tag.name === name)
  const one = (name: string) => {
    const found = all(name)
    expect(found, `one <${name}>`).toHaveLength(1)
    return found[0]!
  }
  /** The ids in an aria-describedby (or -labelledby) all name elements on the page. */
  const expectIdsExist = (list: string | undefined) => {
    expect(list, 'an id list').toBeTruthy()
    for (const id of list!.split(' ')) expect(byId(id), `an element with id ${id}`).toBeDefined()
  }
  const textOf = (id: string) => {
    const start = html.indexOf(byId(id)!.html)
    return html.slice(start, html.indexOf('</', start + 1)).replace(/<[^>]+>/g, '')
  }
  return { html, tags, byId, all, one, expectIdsExist, textOf }
}

function meta(name: string, overrides: Partial<FieldMeta> = {}): FieldMeta {
  return { id: `form-${name}`, name, errorId: `form-${name}-error`, ...overrides }
}

const invalid = (name: string, errors: string[], initialValue?: string) => meta(name, { errors, initialValue })

describe('Field', () => {
  it('keeps its wiring: label for the input, the hint, then the error list', () => {
    const page = render(
      <Field
        label="Email address"
        hint="We send the link here"
        field={invalid('email', ['Enter a valid email'], 'ana@')}
      />,
    )
    const input = page.one('input')
    expect(page.one('label').attributes.for).toBe(input.attributes.id)
    expect(input.attributes.value).toBe('ana@')
    expect(input.attributes['aria-invalid']).toBe('true')
    expect(input.attributes['aria-describedby']).toBe('form-email-hint form-email-error')
    page.expectIdsExist(input.attributes['aria-describedby'])
  })
})

describe('SelectField', () => {
  const provinces = [
    { value: 'cebu', label: 'Cebu' },
    { value: 'metro-manila', label: 'Metro Manila' },
  ]

  it('is a native select with its label, a placeholder option first and the options in order', () => {
    const page = render(
      <SelectField
        label="Province"
        placeholder="Select a province"
        options={provinces}
        field={meta('province')}
        selectProps={{ required: true }}
      />,
    )
    const select = page.one('select')
    expect(page.one('label').attributes.for).toBe(select.attributes.id)
    expect(select.attributes.name).toBe('province')
    expect(select.attributes).toHaveProperty('required')
    expect(select.attributes).not.toHaveProperty('aria-invalid')
    expect(select.attributes).not.toHaveProperty('aria-describedby')
    expect(page.all('option').map((option) => option.attributes.value)).toEqual(['', 'cebu', 'metro-manila'])
    expect(page.all('option')[0]!.attributes).toHaveProperty('selected')
  })

  it('shows the posted choice and its errors, described by the hint and the error list', () => {
    const page = render(
      <SelectField
        label="Province"
        hint="Where the fibre goes"
        options={provinces}
        field={invalid('province', ['Not served yet'], 'cebu')}
      />,
    )
    const select = page.one('select')
    expect(select.attributes['aria-invalid']).toBe('true')
    page.expectIdsExist(select.attributes['aria-describedby'])
    expect(page.textOf('form-province-error')).toBe('Not served yet')
    expect(page.all('option').find((option) => option.attributes.value === 'cebu')!.attributes).toHaveProperty(
      'selected',
    )
  })
})

describe('CheckboxField', () => {
  it('is a checkbox with its own label, ticked again when the form comes back with it on', () => {
    const page = render(<CheckboxField label="I agree" field={meta('agree', { initialValue: 'on' })} />)
    const input = page.one('input')
    expect(input.attributes.type).toBe('checkbox')
    expect(input.attributes.name).toBe('agree')
    expect(input.attributes).toHaveProperty('checked')
    expect(page.one('label').attributes.for).toBe(input.attributes.id)
  })

  it('marks itself invalid and points at its error list', () => {
    const page = render(<CheckboxField label="I agree" field={invalid('agree', ['Tick the box to go on'])} />)
    const input = page.one('input')
    expect(input.attributes).not.toHaveProperty('checked')
    expect(input.attributes['aria-invalid']).toBe('true')
    expect(input.attributes['aria-describedby']).toBe('form-agree-error')
    expect(page.byId('form-agree-error')!.name).toBe('ul')
  })
})

describe('RadioGroup', () => {
  const types = [
    { value: 'house', label: 'House' },
    { value: 'condominium', label: 'Condominium' },
  ]

  it('is a fieldset named by its legend, each option a labelled radio of one name', () => {
    const page = render(
      <RadioGroup
        legend="Location type"
        options={types}
        field={meta('locationType', { initialValue: 'condominium' })}
        required
      />,
    )
    page.one('fieldset')
    // The group's name is its legend, the fieldset's first child (HTML-AAM).
    expect(page.html).toMatch(/<fieldset[^>]*><legend[^>]*>Location type<\/legend>/)
    const radios = page.all('input')
    expect(radios.map((radio) => [radio.attributes.type, radio.attributes.name, radio.attributes.value])).toEqual([
      ['radio', 'locationType', 'house'],
      ['radio', 'locationType', 'condominium'],
    ])
    expect(page.all('label').map((label) => label.attributes.for)).toEqual(radios.map((radio) => radio.attributes.id))
    expect(radios[1]!.attributes).toHaveProperty('checked')
    expect(radios.every((radio) => 'required' in radio.attributes)).toBe(true)
  })

  it('puts the hint and the error list on the group', () => {
    const page = render(
      <RadioGroup
        legend="Location type"
        hint="Where you live"
        options={types}
        field={invalid('locationType', ['Select a location type'])}
      />,
    )
    const fieldset = page.one('fieldset')
    expect(fieldset.attributes['aria-describedby']).toBe('form-locationType-hint form-locationType-error')
    page.expectIdsExist(fieldset.attributes['aria-describedby'])
    expect(fieldset.attributes.role).toBe('radiogroup')
    expect(fieldset.attributes['aria-invalid']).toBe('true')
    expect(page.textOf('form-locationType-error')).toBe('Select a location type')
  })
})

describe('FileField', () => {
  it('is a plain file input with its accept list and the accepted types and size in words', () => {
    const page = render(
      <FileField
        label="Proof of billing"
        hint="PDF or PNG, up to 1 MB"
        accept=".pdf,.png"
        multiple
        field={meta('proof')}
      />,
    )
    const input = page.one('input')
    expect(input.attributes).toMatchObject({
      type: 'file',
      name: 'proof',
      accept: '.pdf,.png',
      'aria-describedby': 'form-proof-hint',
    })
    expect(input.attributes).toHaveProperty('multiple')
    expect(page.one('label').attributes.for).toBe(input.attributes.id)
    expect(page.textOf('form-proof-hint')).toBe('PDF or PNG, up to 1 MB')
    expect(page.all('progress')).toEqual([])
  })

  it('shows its errors, and one named progress bar per file while uploading', () => {
    const progress = [
      { name: 'bill.pdf', loaded: 50, total: 100 },
      { name: 'id.png', loaded: 0, total: 10 },
    ]
    const page = render(
      <FileField label="Proof of billing" hint="PDF" field={invalid('proof', ['Choose a file'])} progress={progress} />,
    )
    expect(page.one('input').attributes['aria-invalid']).toBe('true')
    page.expectIdsExist(page.one('input').attributes['aria-describedby'])
    expect(
      page.all('progress').map((bar) => [bar.attributes['aria-label'], bar.attributes.value, bar.attributes.max]),
    ).toEqual([
      ['Uploading bill.pdf', '50', '100'],
      ['Uploading id.png', '0', '10'],
    ])
  })
})

describe('Stepper', () => {
  const steps = [
    { label: 'Location', href: '/check?step=0' },
    { label: 'Plan' },
    { label: 'Details', href: '/never' },
    { label: 'Review' },
  ]

  it('is an ordered list in a named navigation, the current step marked with aria-current="step"', () => {
    const page = render(<Stepper label="Application steps" steps={steps} current={2} />)
    expect(page.one('nav').attributes['aria-label']).toBe('Application steps')
    page.one('ol')
    expect(page.all('li')).toHaveLength(4)
    const current = page.tags.filter((tag) => tag.attributes['aria-current'])
    expect(current).toHaveLength(1)
    expect(current[0]!.attributes['aria-current']).toBe('step')
    expect(page.html).toMatch(/aria-current="step"[^>]*>.*Details/)
  })

  it('links completed steps that have a place to go back to, and only those', () => {
    const page = render(<Stepper label="Application steps" steps={steps} current={2} />)
    // The current step's href is not a link: the user is there.
    expect(page.all('a').map((link) => link.attributes.href)).toEqual(['/check?step=0'])
    expect(page.html.match(/\(completed\)/g)).toHaveLength(2)
  })
})

describe('Dialog', () => {
  it('renders open without JavaScript: a <dialog open> named by its heading, described by its message, Close a link', () => {
    const page = render(
      <Dialog
        title="Confirm your location"
        closeHref="/check"
        actions={
          <form method="post">
            <button type="submit">CONFIRM</button>
          </form>
        }
      >
        <p>Is the pin right?</p>
      </Dialog>,
    )
    const dialog = page.tags.find((tag) => tag.name === 'dialog')!
    expect(dialog).toBeDefined()
    expect(dialog.attributes).toHaveProperty('open')
    page.expectIdsExist(dialog.attributes['aria-labelledby'])
    expect(page.byId(dialog.attributes['aria-labelledby']!)!.name).toBe('h2')
    expect(page.textOf(dialog.attributes['aria-labelledby']!)).toBe('Confirm your location')
    page.expectIdsExist(dialog.attributes['aria-describedby'])
    // Not modal without JavaScript (showModal makes it so once the page runs): the page around it stays usable.
    expect(dialog.attributes).not.toHaveProperty('aria-modal')
    expect(page.one('form').attributes.method).toBe('post')
    expect(page.html).toMatch(/<a href="\/check"[^>]*>Close<\/a>/)
  })
})

describe('Map', () => {
  it('renders its fallback in a region named for the map, and hidden inputs with the pin position', () => {
    const page = render(
      <Map
        label="Map of your location"
        position={{ lat: 14.5995, lng: 120.9842 }}
        tileUrl="https://tile.example.ph/{z}/{x}/{y}.png"
        attribution="© Example"
        pin={{ label: 'Your pin', draggable: true }}
        inputNames={{ lat: 'latitude', lng: 'longitude' }}
      >
        Pin at 14.5995, 120.9842
      </Map>,
    )
    expect(page.one('section').attributes['aria-label']).toBe('Map of your location')
    expect(page.html).toContain('Pin at 14.5995, 120.9842')
    expect(page.all('input').map((input) => input.attributes)).toEqual([
      { type: 'hidden', name: 'latitude', value: '14.5995' },
      { type: 'hidden', name: 'longitude', value: '120.9842' },
    ])
    // Leaflet is for the browser only.
    expect(page.html).not.toContain('leaflet')
  })
})
