/**
 * /sales/applications/{refId}/compliance (issue 13, item 4; spec 2; the sales partner flag of
 * spec 6): the rejected documents of an application the agent answers for, and each one's
 * upload, sent again on the customer's behalf. The form and its checks are the customer's
 * own compliance upload's (app/features/application-status/compliance-upload.server.ts);
 * the call carries the agent's token, and the upstream records that an agent sent it.
 */
import { data, redirect } from 'react-router'
import { SALES_ROLES } from '~/auth/roles'
import {
  documentStream,
  receiveComplianceDocument,
  uploadRefusal,
  type ComplianceUploadView,
} from '~/features/application-status/compliance-upload.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { CATEGORY_LABELS } from '../../../lib/application-status-words'
import { DocumentCategorySchema } from '../../../lib/documents'
import { SALES_COMPLIANCE_TEXT as TEXT } from './texts'

const REF_ID = /^(OO|CVG)-[A-Za-z0-9-]{1,40}$/

const notFound = (): never => {
  throw data({ message: null }, { status: 404 })
}

export const salesCompliancePath = (refId: string) => `/sales/applications/${refId}/compliance`

export type SalesCompliancePage = {
  refId: string
  open: { category: string; label: string; reason: string }[]
}

async function openCategories(me: UserCaller, refId: string) {
  const compliance = await me.call((upstream, token) => upstream.sales.compliance(token, refId))
  if (!compliance.ok) {
    if (compliance.error.kind === 'rejected' && (compliance.error.status === 404 || compliance.error.status === 409)) {
      notFound()
    }
    throw data({ message: compliance.message }, { status: 503 })
  }
  return compliance.value
}

async function scope(visit: Visit, refId: string | undefined) {
  const me = await visit.signedIn({ roles: SALES_ROLES })
  return { me, refId: refId && REF_ID.test(refId) ? refId : notFound() }
}

export async function salesCompliancePage(visit: Visit, param: string | undefined) {
  const { me, refId } = await scope(visit, param)
  const compliance = await openCategories(me, refId)
  return data<SalesCompliancePage>({
    refId,
    open: compliance.openCategories.map((open) => {
      const parsed = DocumentCategorySchema.safeParse(open.category)
      return {
        category: open.category,
        label: parsed.success ? CATEGORY_LABELS[parsed.data] : open.category,
        reason: open.reason,
      }
    }),
  })
}

/** One open category's upload page, or back to the list (closed meanwhile, or not one). */
async function openCategory(visit: Visit, params: { refId?: string; category?: string }) {
  const { me, refId } = await scope(visit, params.refId)
  const parsed = DocumentCategorySchema.safeParse(params.category)
  const compliance = await openCategories(me, refId)
  const open = parsed.success ? compliance.openCategories.find((item) => item.category === parsed.data) : undefined
  if (!parsed.success || !open) throw redirect(salesCompliancePath(refId))
  const view: ComplianceUploadView = {
    referenceNo: refId,
    category: parsed.data,
    reason: open.reason,
    subCategories: open.subCategories,
  }
  return { me, refId, view }
}

export async function salesUploadPage(visit: Visit, params: { refId?: string; category?: string }) {
  const { view } = await openCategory(visit, params)
  return data(view, { headers: { 'cache-control': 'no-store' } })
}

/** The upload's POST: `request` is read here, as its multipart body streams in. */
export async function salesUploadAction(visit: Visit, params: { refId?: string; category?: string }, request: Request) {
  const { me, refId, view } = await openCategory(visit, params)
  const received = await receiveComplianceDocument(request, view.subCategories)
  if (!received.ok) return received.answer
  try {
    const { path, ...file } = received.file
    const sent = await me.call((upstream, token) =>
      upstream.sales.complianceUpload(token, refId, view.category, { ...file, body: documentStream(path) }),
    )
    if (!sent.ok) {
      const { error } = sent
      if (error.kind === 'rejected' && error.status === 409) {
        return redirectWithToast(visit.config, salesCompliancePath(refId), { kind: 'error', message: TEXT.closed })
      }
      if (error.kind === 'rejected' && error.status === 404) notFound()
      return uploadRefusal(sent, received.subCategory, visit)
    }
    const next = sent.value.compliance.openCategories.length
      ? salesCompliancePath(refId)
      : `/sales/applications/${refId}`
    return redirectWithToast(visit.config, next, {
      kind: 'success',
      message: TEXT.sent(CATEGORY_LABELS[view.category]),
    })
  } finally {
    await received.cleanup()
  }
}
