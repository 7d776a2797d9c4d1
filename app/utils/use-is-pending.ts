import { useFormAction, useNavigation } from 'react-router'

/**
 * Whether this route's form is on its way: a submit button uses it to refuse a second
 * click while the first is pending (without JavaScript the browser shows its own
 * progress). By default any POST to the current route's action, until the page has
 * loaded again; `state` narrows it to the submission or the loading after it.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  state = 'non-idle',
}: {
  formAction?: string
  formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
  state?: 'submitting' | 'loading' | 'non-idle'
} = {}) {
  const contextualFormAction = useFormAction()
  const navigation = useNavigation()
  const isPendingState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
  return (
    isPendingState &&
    navigation.formAction === (formAction ?? contextualFormAction) &&
    navigation.formMethod === formMethod
  )
}
