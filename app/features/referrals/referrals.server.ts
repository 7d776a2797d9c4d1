/**
 * Refer and Earn on the server (issue 15; spec 1, 2, 3, 4, 7, 8): the customer's referral
 * page (the programme, the one-time code before a first referral, the invite link, the
 * video, the list with timelines), the check screen in its referral mode, and filing the
 * referral (spec 3's payload) with its success and failed pages. Everything the referrer
 * typed about their friend lives in the draft's referral section, never in the browser;
 * the referral is filed as the signed-in user, for their active account, and the
 * referrals service checks again that the account is theirs, active and confirmed.
 */
import { data, redirect } from 'react-router'
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import { REFERRAL_STATUS_LABELS, type Referee, type ReferralPayload } from '../../../lib/referrals'
import { ROLE } from '~/auth/roles'
import type { ReferralFiling, ScreenMode } from '~/features/check-availability/check-availability.server'
import { REFER_PATH } from '~/features/check-availability/mode'
import type { UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import type { ReferralsOverview } from '~/upstream/referrals.server'
import type { UpstreamError } from '~/upstream/errors'
import { redirectWithToast } from '~/utils/toast.server'
import { addressOf, serviceabilityStatusOf } from './referral-address.server'
import { REFERRALS_PATH, REFERRALS_FAILED_PATH, REFERRALS_SUCCESS_PATH } from './paths'
import { creditWords } from './reward-credit'
import { REFERRALS_TEXT as TEXT } from './texts'

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

/** The account a customer refers as: the active one (spec 3's default), or none linked. */
function referringAccount(me: UserCaller): string | null {
  const accounts = me.claims.accountNumber ?? []
  const active = me.claims.activeAccountNumber
  return active && accounts.includes(active) ? active : (accounts[0] ?? null)
}

export type ReferralRow = {
  id: string
  referenceNum: string
  status: string
  statusLabel: string
  refereeName: string
  maskedEmail: string
  createdOn: string
  reward: string | null
  /** Where the reward's credit stands: on the next bill, or taken off which bills. */
  rewardCredit: string[]
  timeline: { label: string; on: string }[]
  /** An invitation may be sent again while the friend has not applied. */
  canResend: boolean
}

export type ReferralsPage =
  | { kind: 'no-account' }
  | { kind: 'failed'; accountNumber: string; message: string }
  | {
      kind: 'ready'
      accountNumber: string
      reward: string
      terms: string[]
      usedThisMonth: number
      monthlyLimit: number
      eligibility: ReferralsOverview['eligibility']
      inviteUrl: string | null
      video: { title: string; url: string; captionsUrl: string | null } | null
      referrals: ReferralRow[]
    }

const dayOf = (iso: string) => formatDate(iso, 'date')

function rowOf(referral: ReferralsOverview['referrals'][number]): ReferralRow {
  return {
    id: referral.id,
    referenceNum: referral.referenceNum,
    status: referral.status,
    statusLabel: REFERRAL_STATUS_LABELS[referral.status],
    refereeName: referral.referee.firstName,
    maskedEmail: referral.referee.maskedEmail,
    createdOn: dayOf(referral.createdAt),
    reward: referral.rewardPesos === null ? null : formatPesos(referral.rewardPesos),
    rewardCredit: referral.rewardCredit ? creditWords(referral.rewardCredit) : [],
    timeline: referral.timeline.map((entry) => ({ label: REFERRAL_STATUS_LABELS[entry.status], on: dayOf(entry.at) })),
    canResend: referral.status === 'invited',
  }
}

/** The overview for the customer's referring account, or why there is none. */
async function overviewOf(me: UserCaller) {
  const accountNumber = referringAccount(me)
  if (!accountNumber) return { kind: 'no-account' as const }
  const overview = await me.call((upstream, accessToken) => upstream.referrals.overview(accountNumber, { accessToken }))
  if (!overview.ok) return { kind: 'failed' as const, accountNumber, message: overview.message }
  return { kind: 'ok' as const, accountNumber, overview: overview.value }
}

/** /customer/referrals: the programme, eligibility, invite link, video and the referrals. */
export async function referralsPage(visit: Visit): Promise<ReferralsPage> {
  const me = await customer(visit)
  const found = await overviewOf(me)
  if (found.kind !== 'ok') return found
  const { accountNumber, overview } = found
  const video = await me.call((upstream, accessToken) => upstream.referrals.video({ accessToken }))
  const invite = overview.invite
  return {
    kind: 'ready',
    accountNumber,
    reward: formatPesos(overview.programme.rewardPesos),
    terms: overview.programme.terms,
    usedThisMonth: overview.usedThisMonth,
    monthlyLimit: overview.programme.monthlyLimit,
    eligibility: overview.eligibility,
    inviteUrl: invite ? `${visit.config.publicUrl}/referral?${new URLSearchParams({ invite: invite.code })}` : null,
    video: video.ok && video.value.url ? { ...video.value, url: video.value.url } : null,
    referrals: overview.referrals.map(rowOf),
  }
}

export type ReferralsAnswer = { formError: string | null; codeError: string | null }

const answer = (part: Partial<ReferralsAnswer>, status = 200) =>
  data<ReferralsAnswer>({ formError: null, codeError: null, ...part }, { status })

/** A 4xx's own words (a limit, a wrong code); spec 8's message for anything else. */
function messageOf(error: UpstreamError, fallback: string) {
  return error.kind === 'rejected' && error.status && error.status < 500 ? (error.serverMessage ?? fallback) : fallback
}

/**
 * The page's buttons: send the one-time code, confirm it, send an invitation again. Each a
 * plain form post answered with a redirect (the page then reads the new state) or the
 * error beside the form.
 */
export async function referralsAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const accountNumber = referringAccount(me)
  if (!accountNumber) return redirect(REFERRALS_PATH)
  const intent = form.get('intent')
  if (intent === 'send-code') {
    const channel = form.get('channel') === 'mobile' ? 'mobile' : 'email'
    const sent = await me.call((upstream, accessToken) =>
      upstream.referrals.sendCode({ accountNumber, channel }, { accessToken }),
    )
    if (!sent.ok) return answer({ formError: messageOf(sent.error, sent.message) }, 400)
    return redirect(REFERRALS_PATH)
  }
  if (intent === 'verify-code') {
    const otp = String(form.get('otp') ?? '').replace(/\s/g, '')
    const reference = String(form.get('reference') ?? '')
    if (!/^\d{6}$/.test(otp)) return answer({ codeError: TEXT.codeRequired }, 400)
    const verified = await me.call((upstream, accessToken) =>
      upstream.referrals.verifyCode({ accountNumber, reference, otp }, { accessToken }),
    )
    if (!verified.ok) return answer({ codeError: messageOf(verified.error, verified.message) }, 400)
    return redirectWithToast(visit.config, REFERRALS_PATH, { kind: 'success', message: TEXT.confirmed })
  }
  if (intent === 'resend') {
    const referralId = String(form.get('referralId') ?? '')
    const sent = await me.call((upstream, accessToken) =>
      upstream.referrals.notify({ accountNumber, referralId }, { accessToken }),
    )
    if (!sent.ok) return answer({ formError: `${TEXT.linkNotSent} ${messageOf(sent.error, sent.message)}` }, 400)
    return redirectWithToast(visit.config, REFERRALS_PATH, {
      kind: 'success',
      message: TEXT.resent(sent.value.refereeFirstName),
    })
  }
  return answer({ formError: TEXT.linkNotSent }, 400)
}

/**
 * The check screen in its referral mode is only for a customer who may refer now: an
 * eligible, confirmed account. Anyone else goes to /customer/referrals, which says why.
 */
export function requireReferrer(visit: Visit): Promise<{ me: UserCaller; accountNumber: string }> {
  // Asked by the route and again by the filing within one request: one overview call.
  return visit.once(REFERRER, async () => {
    const me = await visit.signedIn({ roles: [ROLE.customer] })
    const found = await overviewOf(me)
    if (found.kind !== 'ok' || !found.overview.eligibility.eligible || !found.overview.eligibility.confirmed)
      throw redirect(REFERRALS_PATH)
    return { me, accountNumber: found.accountNumber }
  })
}

const REFERRER = Symbol('referrer')

/** spec 3's referral payload from the draft: the referee, their address and the check's answer. */
function payloadOf(
  accountNumber: string,
  me: UserCaller,
  referee: Referee,
  section: Parameters<ReferralFiling>[1]['section'],
): ReferralPayload {
  return {
    referenceNum: section.result.referenceNo,
    referralType: 'MGM',
    referrerEmailID: me.claims.email ?? null,
    serviceabilityStatus: serviceabilityStatusOf(section),
    referrerAccountNumber: accountNumber,
    referrerAccountType: null,
    firstName: referee.firstName,
    lastName: referee.lastName,
    emailID: referee.email,
    mobileNumber: referee.mobileNo,
    alternateMobileNumber: referee.alternateMobileNo,
    ...addressOf(section),
  }
}

/** Submit referral (spec 4): status true to the success page, anything else to the failed page with its words. */
const fileMgmReferral: ReferralFiling = async (visit, { referee, section }) => {
  const { me, accountNumber } = await requireReferrer(visit)
  const filed = await me.call((upstream, accessToken) =>
    upstream.referrals.submit(accountNumber, payloadOf(accountNumber, me, referee, section), { accessToken }),
  )
  if (!filed.ok) {
    const noted = await visit.draft.save('referral', {
      kind: 'MGM',
      referee,
      // spec 8: a referral's failure carries the server's message, whatever the status.
      failure: (filed.error.serverMessage ?? filed.message).slice(0, 500),
    })
    // The failed page shows what the draft keeps; a draft that could not keep it says so on the screen.
    if (!noted.ok) return data({ formError: filed.message }, { status: 503 })
    return redirect(REFERRALS_FAILED_PATH)
  }
  await endReferral(visit)
  return redirect(`${REFERRALS_SUCCESS_PATH}?${new URLSearchParams({ referral: filed.value.referralId })}`)
}

export const REFER_MODE: ScreenMode = { kind: 'refer', fileReferral: fileMgmReferral }

/**
 * Ends a referral under way (a filed one, the header logo, spec 2 and 4): the referee and
 * their address leave the draft. A visitor's invite is not a referral under way: it stays.
 */
export async function endReferral(visit: Visit): Promise<void> {
  const read = await visit.draft.read()
  const kind = read.ok ? read.value?.sections.referral?.kind : undefined
  if (kind !== 'MGM' && kind !== 'WINBACK') return
  for (const section of ['referral', 'serviceability'] as const) {
    const cleared = await visit.draft.clear(section)
    if (!cleared.ok) {
      visit.logger.warn(
        { err: String(cleared.error), requestId: visit.requestId },
        'referral not cleared from the draft',
      )
    }
  }
}

/** /customer/referrals/failed: the failure the draft keeps, or nothing to show. */
export async function referralFailure(visit: Visit) {
  await customer(visit)
  const draft = await visit.draft.current()
  const referral = draft?.sections.referral
  const outcome = draft?.sections.serviceability?.result?.outcome ?? null
  if (referral?.kind !== 'MGM' || !referral.failure) throw redirect(REFERRALS_PATH)
  return {
    message: referral.failure,
    retryHref: outcome ? `${REFER_PATH}?dialog=${outcome}` : REFER_PATH,
  }
}

/** /customer/referrals/success?referral=: the filed referral, read back from the customer's own list. */
export async function referralSuccess(visit: Visit, url: URL) {
  const me = await customer(visit)
  const id = url.searchParams.get('referral')
  const found = await overviewOf(me)
  const referral = found.kind === 'ok' ? found.overview.referrals.find((item) => item.id === id) : undefined
  return referral
    ? { refereeName: referral.referee.firstName, notServiceable: referral.status === 'not_serviceable' }
    : { refereeName: null, notServiceable: false }
}
