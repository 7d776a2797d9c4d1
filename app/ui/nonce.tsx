import { createContext, useContext } from 'react'

const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
/** The request's CSP nonce on the server; '' in the browser, which hides it anyway. */
export const useNonce = () => useContext(NonceContext)
