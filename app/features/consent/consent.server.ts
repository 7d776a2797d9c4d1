/**
 * Consent management (issue 11 item 6; docs/decisions/0040): the user's consents from the
 * upstream, and the change of one as a plain form post. The upstream records each change
 * with its time and this request's channel; a failure shows spec 8's text beside the consent.
 */
import { data, type AppLoadContext } from 'react-router'
import { z } from 'zod'
import type { SignedIn } from '~/visit/by-request.server'
import type { Consent } from '~/upstream/consent.server'
import { readForm } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { CONSENT_TEXT as TEXT } from './texts'

export const CONSENT_PAGE = '/consent'

export async function loadConsents(me: SignedIn): Promise<{ consents: Consent[] | null }> {
  const answer = await me.call((upstream, token) => upstream.consent.list(token))
  return { consents: answer.ok ? answer.value.consents : null }
}

const ChangeSchema = z.object({
  consentName: z.string().regex(/^[a-z_]{1,40}$/),
  state: z.enum(['given', 'withdrawn']),
})

export type ConsentActionData = { failed: string }

export async function consentAction(request: Request, context: AppLoadContext, me: SignedIn) {
  const parsed = ChangeSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ failed: '' } satisfies ConsentActionData, { status: 400 })
  const { consentName, state } = parsed.data
  const done = await me.call((upstream, token) => upstream.consent.change(token, consentName, state))
  if (!done.ok) {
    context.logger.warn({ consentName, kind: done.error.kind }, 'consent change failed')
    return data({ failed: consentName } satisfies ConsentActionData, {
      status: done.error.kind === 'rejected' ? 422 : 503,
    })
  }
  const title = done.value.consents.find((consent) => consent.name === consentName)?.title ?? consentName
  return redirectWithToast(context.config, CONSENT_PAGE, {
    kind: 'success',
    message: state === 'given' ? TEXT.given(title) : TEXT.withdrawn(title),
  })
}
