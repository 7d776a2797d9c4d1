/**
 * /sales/applications/{refId} (issue 13, item 3; spec 2, 7): one application or draft the
 * agent filed (or, for a sales admin, one of the team's): everything filed, its documents
 * (downloaded through the portal, never cached), the compliance rejections and the
 * timeline; and its actions: email the customer the application's PDF, resend the
 * compliance link, delete a draft (confirmed first; spec 5: status true required). Another
 * agent's application is the not-found page, as an unknown reference (docs/security.md).
 */
import { data } from 'react-router'
import { SALES_ROLES } from '~/auth/roles'
import type { UpstreamError } from '~/upstream/errors'
import type { SalesApplicationDetails } from '~/upstream/sales.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Visit } from '~/visit/visit.server'
import { SALES_PATH } from './dashboard.server'
import { APPLICATION_TEXT as TEXT } from './texts'

const REF_ID = /^(OO|CVG|DR)-[A-Za-z0-9-]{1,40}$/
const FILE_ID = /^[A-Za-z0-9_-]{1,80}$/

const salesUser = (visit: Visit) => visit.signedIn({ roles: SALES_ROLES })

const notFound = (): never => {
  throw data({ message: null }, { status: 404 })
}

export type ApplicationPage = {
  details: SalesApplicationDetails
  /** The viewer's agent code: only the agent who claimed a draft resumes it. */
  ownAgentCode: string | null
}
export type ApplicationAnswer = { confirmDelete: boolean; formError: string | null }

export async function salesApplicationPage(visit: Visit, refId: string | undefined) {
  const me = await salesUser(visit)
  const ref = refId && REF_ID.test(refId) ? refId : notFound()
  const details = await me.call((upstream, token) => upstream.sales.details(token, ref))
  if (!details.ok) {
    if (details.error.kind === 'rejected' && details.error.status === 404) notFound()
    throw data({ message: details.message }, { status: 503 })
  }
  return data<ApplicationPage>({ details: details.value, ownAgentCode: me.claims.agentCode ?? null })
}

export async function salesApplicationAction(visit: Visit, refId: string | undefined, form: FormData) {
  const me = await salesUser(visit)
  const ref = refId && REF_ID.test(refId) ? refId : notFound()
  const intent = String(form.get('intent') ?? '')
  const answer = (part: Partial<ApplicationAnswer>, status = 200) =>
    data<ApplicationAnswer>({ confirmDelete: false, formError: null, ...part }, { status })
  const here = `/sales/applications/${ref}`
  const failed = (error: UpstreamError) => {
    if (error.kind === 'rejected' && error.status === 404) notFound()
    const own = error.kind === 'rejected' && error.status !== 403 ? error.serverMessage : undefined
    return answer({ formError: own ?? TEXT.actionFailed }, error.status ?? 503)
  }

  // An intent that asks the upstream nothing (the delete question, an unknown one) still
  // answers only about an application the caller may see: another agent's is the not-found
  // page, as on GET, not a 200 that would confirm it exists (docs/security.md, Access control).
  if (intent !== 'delete' && intent !== 'send-pdf' && intent !== 'resend-compliance') {
    const visible = await me.call((upstream, token) => upstream.sales.details(token, ref))
    if (!visible.ok) return failed(visible.error)
  }

  switch (intent) {
    case 'confirm-delete':
      return answer({ confirmDelete: true })
    case 'delete': {
      const deleted = await me.call((upstream, token) => upstream.sales.deleteDraft(token, ref))
      if (!deleted.ok) return failed(deleted.error)
      return redirectWithToast(visit.config, SALES_PATH, { kind: 'success', message: TEXT.deleted(ref) })
    }
    case 'send-pdf': {
      const sent = await me.call((upstream, token) => upstream.sales.sendPdf(token, ref))
      if (!sent.ok) return failed(sent.error)
      return redirectWithToast(visit.config, here, { kind: 'success', message: TEXT.pdfSent(sent.value.maskedEmail) })
    }
    case 'resend-compliance': {
      const sent = await me.call((upstream, token) => upstream.sales.resendComplianceLink(token, ref))
      if (!sent.ok) return failed(sent.error)
      return redirectWithToast(visit.config, here, {
        kind: 'success',
        message: TEXT.complianceSent(sent.value.maskedEmail),
      })
    }
    default:
      return answer({})
  }
}

/** GET /sales/applications/{refId}/documents/{fileId}: the document as an attachment, never cached. */
export async function salesDocumentDownload(
  visit: Visit,
  params: { refId?: string; fileId?: string },
): Promise<Response> {
  const me = await salesUser(visit)
  const ref = params.refId && REF_ID.test(params.refId) ? params.refId : notFound()
  const fileId = params.fileId && FILE_ID.test(params.fileId) ? params.fileId : notFound()
  const file = await me.call((upstream, token) => upstream.sales.documentContent(token, ref, fileId))
  if (!file.ok) {
    if (file.error.kind === 'rejected' && (file.error.status === 404 || file.error.status === 403)) notFound()
    throw data({ message: TEXT.documentFailed }, { status: 503 })
  }
  const safeName = file.value.fileName.replace(/[^A-Za-z0-9._-]/g, '_')
  return new Response(file.value.body, {
    headers: {
      'content-type': file.value.contentType,
      'content-disposition': `attachment; filename="${safeName}"`,
      'content-length': String(file.value.body.byteLength),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
