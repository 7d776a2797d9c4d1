/**
 * What a visitor did to a form before its screen hydrated (docs/decisions/0032). A screen
 * that hydrates once its code has loaded (docs/decisions/0023) is plain server HTML until
 * then: a select changed, a box ticked or a field typed into in that moment is in the
 * page, but not in the React state that the screen starts from, and React 18 does not
 * replay those events. So a component whose state mirrors its form reads the form once
 * as it mounts in the browser, before the first paint, and takes what differs.
 *
 * On a client-side navigation the form is new, so it holds just what the state says and
 * nothing differs; on the server this does nothing.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react'

const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/** Calls `read` once with the form's values as the page holds them (disabled controls post nothing, so are absent). */
export function useFormAtHydration(
  form: RefObject<HTMLFormElement | null>,
  read: (values: FormData, form: HTMLFormElement) => void,
) {
  useBrowserLayoutEffect(() => {
    if (form.current) read(new FormData(form.current), form.current)
    // Once, as the form mounts: later changes reach the state through its own handlers.
  }, [])
}

/**
 * The controls of a form that the visitor changed and has left: a value or a check that
 * differs from what the server rendered, on a control that does not have the focus.
 * Those a visitor has finished with, whose check (on blur) they are owed.
 */
export function changedControlNames(form: HTMLFormElement): string[] {
  const names = new Set<string>()
  for (const element of Array.from(form.elements)) {
    if (element === document.activeElement) continue
    if (element instanceof HTMLInputElement && element.name) {
      const changed =
        element.type === 'checkbox' || element.type === 'radio'
          ? element.checked !== element.defaultChecked
          : element.value !== element.defaultValue
      if (changed) names.add(element.name)
    } else if (element instanceof HTMLTextAreaElement && element.name) {
      if (element.value !== element.defaultValue) names.add(element.name)
    } else if (element instanceof HTMLSelectElement && element.name) {
      if (Array.from(element.options).some((option) => option.selected !== option.defaultSelected)) {
        names.add(element.name)
      }
    }
  }
  return [...names]
}
