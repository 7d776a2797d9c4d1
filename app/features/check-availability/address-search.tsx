/**
 * The address search above the map (spec 2, 9), with JavaScript only: restricted to the
 * Philippines, over the seeded barangays, buildings and subdivisions, then a configured
 * geocoder's streets (docs/decisions/0073; a street is an Others address). The query goes in
 * a POST body, never a URL (docs/security.md: no personal data in URLs). 'loading...'
 * while it runs, 'No address found' when nothing matches; a hit fills every level of the
 * address and puts the pin on it.
 */
import { useFetcher } from 'react-router'
import { useId, useState } from 'react'
import { Button } from '~/ui/button'
import { CONTROL_CLASS, LABEL_CLASS } from '~/ui/field-parts'
import type { LocationType } from './address-choice'
import { CHECK_TEXT as TEXT } from './texts'

export const SEARCH_PATH = '/CheckAvailability/search'

export type SearchHit = {
  label: string
  regionId: string
  provinceId: string
  municipalityId: string
  barangayId: string
  latitude: number
  longitude: number
  /** Set when the hit is a building or subdivision. */
  locationType?: LocationType
  placeId?: string
}

export function AddressSearch({ onPick }: { onPick: (hit: SearchHit) => void }) {
  const fetcher = useFetcher<{ hits: SearchHit[]; failure?: string }>()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const id = useId()
  const loading = fetcher.state !== 'idle'

  function search() {
    if (query.trim().length < 2) return
    setOpen(true)
    fetcher.submit({ q: query.trim() }, { method: 'post', action: SEARCH_PATH })
  }

  const hits = fetcher.data?.hits ?? []
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-q`} className={LABEL_CLASS}>
        {TEXT.search}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-q`}
          type="search"
          className={CONTROL_CLASS}
          placeholder={TEXT.searchPlaceholder}
          value={query}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches here; it must not submit the address form around it.
            if (event.key === 'Enter') {
              event.preventDefault()
              search()
            }
          }}
        />
        <Button type="button" variant="secondary" onClick={search}>
          Search
        </Button>
      </div>
      <div aria-live="polite" className="text-sm">
        {open && loading ? <p>{TEXT.searchLoading}</p> : null}
        {open && !loading && fetcher.data?.failure ? <p>{fetcher.data.failure}</p> : null}
        {open && !loading && fetcher.data && !fetcher.data.failure && hits.length === 0 ? (
          <p>{TEXT.searchEmpty}</p>
        ) : null}
      </div>
      {open && !loading && hits.length > 0 ? (
        <ul
          aria-label={TEXT.search}
          className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-300 dark:divide-slate-700 dark:border-slate-600"
        >
          {hits.map((hit) => (
            <li key={`${hit.label}-${hit.latitude}-${hit.longitude}`}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                onClick={() => {
                  setOpen(false)
                  setQuery(hit.label)
                  onPick(hit)
                }}
              >
                {hit.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
