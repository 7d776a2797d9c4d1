/**
 * Win Back and the invite link, no login needed (issue 15; spec 2, 4): a former subscriber
 * gives their details and address on the check screen in its Win Back mode, and the result
 * is filed as a Win Back (spec 4: an unauthenticated referral ends on
 * /referral/winback/success); a visitor who opens a subscriber's invite link sees who
 * invited them and checks availability with the invite in their draft, where the
 * applications service reads it when they apply.
 */
import { data, redirect, type AppLoadContext } from 'react-router'
import { InviteCodeSchema, type WinbackPayload } from '../../../lib/referrals'
import type { ReferralFiling, ScreenMode } from '~/features/check-availability/check-availability.server'
import { CHECK_PATH } from '~/features/check-availability/intents'
import { readDraft, saveDraftSection } from '~/features/drafts/draft.server'
import { isUpstreamError } from '~/upstream/errors'
import { upstreamFor } from '~/upstream/index.server'
import { readForm } from '~/utils/form.server'
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
export async function inviteOf(request: Request, context: AppLoadContext): Promise<InviteView> {
  const code = new URL(request.url).searchParams.get('invite')
  if (code === null) return { kind: 'none' }
  if (!InviteCodeSchema.safeParse(code).success) return { kind: 'unknown' }
  try {
    const invite = await upstreamFor(context).referrals.invite(code)
    return invite ? { kind: 'invited', code, referrerFirstName: invite.referrerFirstName } : { kind: 'unknown' }
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    return { kind: 'failed' }
  }
}

/**
 * CHECK AVAILABILITY from an invite: the invite goes into the visitor's draft (never a
 * cookie of its own or a URL later on), then the visitor's own check begins.
 */
export async function acceptInvite(request: Request, context: AppLoadContext) {
  const form = await readForm(request)
  const code = String(form.get('invite') ?? '')
  const url = new URL(request.url)
  url.searchParams.set('invite', code)
  const invite = await inviteOf(new Request(url), context)
  if (invite.kind !== 'invited') return data({ invite }, { status: invite.kind === 'failed' ? 503 : 404 })
  let headers
  try {
    headers = await saveDraftSection(request, context, 'referral', {
      kind: 'INVITE',
      inviteCode: invite.code,
      referrerFirstName: invite.referrerFirstName,
    })
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    return data({ invite: { kind: 'failed' } as InviteView }, { status: 503 })
  }
  return redirect(CHECK_PATH, { headers })
}

/** Who invited the visitor whose draft holds an invite (the check screen's banner), or null. */
export async function invitedBy(request: Request, context: AppLoadContext): Promise<string | null> {
  try {
    const referral = (await readDraft(request, context))?.sections.referral
    return referral?.kind === 'INVITE' ? referral.referrerFirstName : null
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    return null
  }
}
