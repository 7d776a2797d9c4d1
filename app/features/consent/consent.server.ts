/**
 * Consent management (issue 11 item 6; docs/decisions/0040): the user's consents from the
 * upstream, and the change of one as a plain form post. The upstream records each change
 * with its time and this request's channel; a failure shows spec 8's text beside the consent.
 */
import { data } from 'react-router'
import { z } from 'zod'
import { ROLE } from '~/auth/roles'
import type { Consent } from '~/upstream/consent.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Visit } from '~/visit/visit.server'
import { CONSENT_TEXT as TEXT } from './texts'

export const CONSENT_PAGE = '/consent'

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

export async function loadConsents(visit: Visit): Promise<{ consents: Consent[] | null }> {
  const me = await customer(visit)
  const answer = await me.call((upstream, token) => upstream.consent.list(token))
  return { consents: answer.ok ? answer.value.consents : null }
}

const ChangeSchema = z.object({
  consentName: z.string().regex(/^[a-z_]{1,40}$/),
  state: z.enum(['given', 'withdrawn']),
})

export type ConsentActionData = { failed: string }

export async function consentAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const parsed = ChangeSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data({ failed: '' } satisfies ConsentActionData, { status: 400 })
  const { consentName, state } = parsed.data
  const done = await me.call((upstream, token) => upstream.consent.change(token, consentName, state))
  if (!done.ok) {
    visit.logger.warn({ consentName, kind: done.error.kind }, 'consent change failed')
    return data({ failed: consentName } satisfies ConsentActionData, {
      status: done.error.kind === 'rejected' ? 422 : 503,
    })
  }
  const title = done.value.consents.find((consent) => consent.name === consentName)?.title ?? consentName
  return redirectWithToast(visit.config, CONSENT_PAGE, {
    kind: 'success',
    message: state === 'given' ? TEXT.given(title) : TEXT.withdrawn(title),
  })
}
