/**
 * Win Back and the invite link, no login needed (issue 15; spec 2, 4): a former subscriber
 * gives their details and address on the check screen in its Win Back mode, and the result
 * is filed as a Win Back (spec 4: an unauthenticated referral ends on
 * /referral/winback/success); a visitor who opens a subscriber's invite link sees who
 * invited them and checks availability with the invite in their draft, where the
 * applications service reads it when they apply.
 */
import { data, redirect } from 'react-router'
import { InviteCodeSchema, type WinbackPayload } from '../../../lib/referrals'
import type { ReferralFiling, ScreenMode } from '~/features/check-availability/check-availability.server'
import { CHECK_PATH } from '~/features/check-availability/intents'
import type { Visit } from '~/visit/visit.server'
import { WINBACK_SUCCESS_PATH } from './paths'
import { addressOf, serviceabilityStatusOf } from './referral-address.server'
import { endReferral } from './referrals.server'
import { REFERRALS_TEXT as TEXT } from './texts'

/** The Win Back's result button: filed through the public call; a failure says so on the screen, the input kept. */
const fileWinback: ReferralFiling = async (visit, { referee, section }) => {
  const payload: WinbackPayload = {
    referenceNum: section.result.referenceNo,
    serviceabilityStatus: serviceabilityStatusOf(section),
    formerAccountNumber: undefined,
    firstName: referee.firstName,
    lastName: referee.lastName,
    emailID: referee.email,
    mobileNumber: referee.mobileNo,
    alternateMobileNumber: referee.alternateMobileNo,
    ...addressOf(section),
  }
  const filed = await visit.portal.call((upstream) => upstream.referrals.winback(payload))
  if (!filed.ok) {
    const { error } = filed
    const message = error.kind === 'rejected' && error.serverMessage ? error.serverMessage : filed.message
    return data({ formError: `${TEXT.winbackNotSent} ${message}` }, { status: 503 })
  }
  await endReferral(visit)
  const outcome = section.result.outcome
  return redirect(`${WINBACK_SUCCESS_PATH}?${new URLSearchParams({ outcome })}`)
}

export const WINBACK_MODE: ScreenMode = { kind: 'winback', fileReferral: fileWinback }

export type InviteView =
  | { kind: 'none' }
  | { kind: 'invited'; code: string; referrerFirstName: string }
  | { kind: 'unknown' }
  | { kind: 'failed' }

/** /referral?invite=: who invited the visitor, by first name only. */
export async function inviteOf(visit: Visit, code: string | null): Promise<InviteView> {
  if (code === null) return { kind: 'none' }
  if (!InviteCodeSchema.safeParse(code).success) return { kind: 'unknown' }
  const found = await visit.portal.call((upstream) => upstream.referrals.invite(code))
  if (!found.ok) return { kind: 'failed' }
  return found.value ? { kind: 'invited', code, referrerFirstName: found.value.referrerFirstName } : { kind: 'unknown' }
}

/**
 * CHECK AVAILABILITY from an invite: the invite goes into the visitor's draft (never a
 * cookie of its own or a URL later on), then the visitor's own check begins.
 */
export async function acceptInvite(visit: Visit, form: FormData) {
  const invite = await inviteOf(visit, String(form.get('invite') ?? ''))
  if (invite.kind !== 'invited') return data({ invite }, { status: invite.kind === 'failed' ? 503 : 404 })
  const saved = await visit.draft.save('referral', {
    kind: 'INVITE',
    inviteCode: invite.code,
    referrerFirstName: invite.referrerFirstName,
  })
  if (!saved.ok) return data({ invite: { kind: 'failed' } as InviteView }, { status: 503 })
  return redirect(CHECK_PATH)
}

/** Who invited the visitor whose draft holds an invite (the check screen's banner), or null. */
export async function invitedBy(visit: Visit): Promise<string | null> {
  const read = await visit.draft.read()
  const referral = read.ok ? read.value?.sections.referral : undefined
  return referral?.kind === 'INVITE' ? referral.referrerFirstName : null
}
