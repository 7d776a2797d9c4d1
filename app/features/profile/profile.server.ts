/**
 * The profile (issue 11 item 7; spec 2 /profile): names, the contact masked (spec 9), and the
 * change of the email or mobile number. The code goes to the NEW address and the upstream
 * applies the change only when it comes back (services/identity/contact-change.ts). After
 * ?verify=<emailHashValue>, the page shows that change's code form: two changes may be under
 * way at once (two tabs), and the reference names one without saying anything about the user.
 */
import { data, redirect } from 'react-router'
import { ROLE } from '~/auth/roles'
import type { ContactChange, Profile } from '~/upstream/profile.server'
import { failureReply, parseWithZod } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Visit } from '~/visit/visit.server'
import { PROFILE_INTENT } from './intents'
import { ChangeEmailSchema, ChangeMobileSchema, VerifyContactSchema } from './schemas'
import { PROFILE_TEXT as TEXT } from './texts'

export const PROFILE_PAGE = '/profile'

/** The change whose code form shows: the one ?verify names, else the newest live one. */
export function changeToVerify(profile: Profile, wanted: string | null): ContactChange | null {
  const named = wanted ? profile.pendingChanges.find((change) => change.emailHashValue === wanted) : undefined
  return named ?? profile.pendingChanges.find((change) => change.state === 'live') ?? null
}

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

export async function loadProfile(visit: Visit, url: URL) {
  const me = await customer(visit)
  const answer = await me.call((upstream, token) => upstream.profile.get(token))
  if (!answer.ok) return { profile: null, change: null }
  return {
    profile: answer.value,
    change: changeToVerify(answer.value, url.searchParams.get('verify')),
  }
}

export async function profileAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const toast = (to: string, message: string) => redirectWithToast(visit.config, to, { kind: 'success', message })
  const codeSent = (sent: ContactChange) =>
    toast(
      `${PROFILE_PAGE}?${new URLSearchParams({ verify: sent.emailHashValue })}`,
      TEXT.codeSent(sent.maskedDestination),
    )

  switch (form.get('intent')) {
    case PROFILE_INTENT.sendEmail: {
      const submission = parseWithZod(form, { schema: ChangeEmailSchema })
      if (submission.status !== 'success') return data({ emailResult: submission.reply() }, { status: 400 })
      const sent = await me.call((upstream, token) => upstream.profile.sendCode(token, 'email', submission.value.email))
      if (sent.ok) return codeSent(sent.value.sent)
      const failure = failureReply(sent.error, submission, { rename: { value: 'email' } })
      return data({ emailResult: failure.result }, { status: failure.status })
    }
    case PROFILE_INTENT.sendMobile: {
      const submission = parseWithZod(form, { schema: ChangeMobileSchema })
      if (submission.status !== 'success') return data({ mobileResult: submission.reply() }, { status: 400 })
      const { mobileNumber } = submission.value
      const sent = await me.call((upstream, token) => upstream.profile.sendCode(token, 'mobile', mobileNumber))
      if (sent.ok) return codeSent(sent.value.sent)
      const failure = failureReply(sent.error, submission, { rename: { value: 'mobileNumber' } })
      return data({ mobileResult: failure.result }, { status: failure.status })
    }
    case PROFILE_INTENT.verify: {
      const submission = parseWithZod(form, { schema: VerifyContactSchema })
      // The code is never sent back to the page, right or wrong.
      const hideFields = ['otp']
      if (submission.status !== 'success')
        return data({ verifyResult: submission.reply({ hideFields }) }, { status: 400 })
      const { kind, otp, emailHashValue } = submission.value
      // The email is a claim of the ID token: new tokens after the change.
      const done = await me.call((upstream, token) => upstream.profile.verify(token, kind, otp, emailHashValue), {
        changesAttributes: kind === 'email',
      })
      if (done.ok)
        return toast(
          PROFILE_PAGE,
          kind === 'email'
            ? TEXT.emailChanged(done.value.maskedEmail)
            : TEXT.mobileChanged(done.value.maskedMobileNumber),
        )
      const failure = failureReply(done.error, submission, { hideFields })
      return data({ verifyResult: failure.result }, { status: failure.status })
    }
    case PROFILE_INTENT.cancel: {
      const emailHashValue = form.get('emailHashValue')
      if (typeof emailHashValue !== 'string' || !emailHashValue) return redirect(PROFILE_PAGE)
      const done = await me.call((upstream, token) => upstream.profile.cancel(token, emailHashValue))
      if (done.ok) return toast(PROFILE_PAGE, TEXT.cancelled)
      return redirectWithToast(visit.config, PROFILE_PAGE, { kind: 'error', message: done.message })
    }
    default:
      return redirectWithToast(visit.config, PROFILE_PAGE, { kind: 'error', message: TEXT.unknownAction })
  }
}
