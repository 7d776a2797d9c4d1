import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}
/** True once React has hydrated in the browser; false on the server and without JS. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
