/**
 * The serviceability screen's modes (spec 2, 4; issue 15): the visitor's own check at
 * /CheckAvailability, a subscriber referring a friend (the referee's details, then their
 * address; the result offers 'submit referral') and a former subscriber's Win Back (their
 * own details, filed as a Win Back). One screen, the same rules; each mode has its path.
 */
import { createContext, useContext } from 'react'
import { CHECK_PATH } from './intents'

export type CheckModeKind = 'check' | 'refer' | 'winback'

export const REFER_PATH = '/customer/referrals/check-serviceability'
export const WINBACK_PATH = '/referral/winback/check-serviceability'

export const MODE_PATHS: Record<CheckModeKind, string> = {
  check: CHECK_PATH,
  refer: REFER_PATH,
  winback: WINBACK_PATH,
}

/** The screen's mode, for the forms and popups that post back to it. */
export const CheckModeContext = createContext<CheckModeKind>('check')

export function useCheckMode() {
  const kind = useContext(CheckModeContext)
  return { kind, path: MODE_PATHS[kind] }
}
