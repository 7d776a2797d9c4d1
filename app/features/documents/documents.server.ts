/**
 * /onboard/:path/documents (issue 10, part 2; spec 4, 5, 8): the loader, the action and
 * the download of one file. Everything is the visitor's draft's: the files service opens
 * only the files of the draft whose id the signed cookie holds (docs/security.md, Access
 * control), so another browser, or a guessed file id, gets the not-found answer.
 *
 * Forms (all POST, all working without JavaScript, Post/Redirect/Get):
 * - upload (multipart: category, subCategory, file…): streamed, checked and converted
 *   (upload.server.ts), then sent one by one to the files service. spec 5: a file counts
 *   only on an answer with status exactly true; spec 4: a 417 is a skip (the file is
 *   already there: nothing changes, no failure); spec 8: an upstream failure shows the
 *   failure toast. Refusals (name, size, type, count) come back beside the form.
 * - delete (fileId): the files service deletes, the page shows the refreshed list.
 * - business-type (SME): kept in the draft's documents section; it sets how many business
 *   documents are needed.
 * - continue: to the appointment page when the checklist is complete.
 */
import { sendBackReason } from '~/features/drafts/draft-expiry.server'
import fs from 'node:fs'
import { data, redirect } from 'react-router'
import { SALES_ROLES } from '~/auth/roles'
import { cartOfDraft } from '~/features/cart/cart.server'
import {
  applicantPathFor,
  FLOW_PATHS,
  isApplicantPath,
  wizardHref,
  type ApplicantPath,
  type WizardFlow,
} from '~/features/apply/steps'
import { XHR_FIELD } from '~/ui/use-upload-progress'
import { upstreamStatus } from '~/utils/upstream-failure'
import { redirectWithToast } from '~/utils/toast.server'
import { failedPage } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import {
  BusinessTypeSchema,
  DocumentCategorySchema,
  MAX_FILES,
  UPLOAD_MESSAGES,
  subCategoriesOf,
  type Checklist,
  type FileEntry,
} from '../../../lib/documents'
import { toWebStream } from '../../../lib/web-streams'
import { readUploadForm, prepareFile, UploadFormError, type FileRefusal } from './upload.server'
import { DOCUMENTS_TEXT } from './texts'

export type DocumentsActionData = {
  /** The form that failed: a category's upload form, 'business-type', 'continue' or 'delete'. */
  form: string
  errors: Record<string, string[]>
}

export type DocumentsView = {
  path: ApplicantPath
  flow: WizardFlow
  checklist: Checklist
  files: FileEntry[]
  billingOptionalBelow: number
}

/** The page's path as the visitor's draft says it must be, or a redirect to where they should be. */
async function prerequisites(visit: Visit, pathParam: string | undefined, flow: WizardFlow) {
  if (!isApplicantPath(pathParam)) throw new Response('Not found', { status: 404 })
  // The sales flow is a sales user's only (spec 6); its actions run before the root's guard.
  if (flow === 'sales') await visit.session.requireRole(SALES_ROLES)
  const draft = await visit.draft.current()
  const cart = draft ? await cartOfDraft(visit, draft) : null
  if (!draft || !cart?.planCode) {
    throw await redirectWithToast(visit.config, FLOW_PATHS[flow].plans, {
      kind: 'info',
      message: await sendBackReason(visit, DOCUMENTS_TEXT.planFirst),
    })
  }
  const path = applicantPathFor(draft.sections.customerCategory?.category ?? 'RES')
  if (path !== pathParam) throw redirect(wizardHref(path, 'documents', flow))
  return { draft, path }
}

export async function documentsLoader(visit: Visit, pathParam: string | undefined, flow: WizardFlow = 'public') {
  const { draft, path } = await prerequisites(visit, pathParam, flow)
  const read = await visit.portal.call(({ files }) => Promise.all([files.checklist(draft.id), files.list(draft.id)]))
  if (!read.ok) return failedPage(read)
  const [checklist, list] = read.value
  const view: DocumentsView = {
    path,
    flow,
    checklist,
    files: list,
    billingOptionalBelow: visit.config.PROOF_OF_BILLING_OPTIONAL_BELOW,
  }
  return data(view, { headers: { 'cache-control': 'no-store' } })
}

const failed = (form: string, errors: Record<string, string[]>, status = 400) =>
  data<DocumentsActionData>({ form, errors }, { status })

/** The documents page's forms; `request` for its body, which an upload streams. */
export async function documentsAction(
  visit: Visit,
  request: Request,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const { draft, path } = await prerequisites(visit, pathParam, flow)
  const here = wizardHref(path, 'documents', flow)
  const type = request.headers.get('content-type') ?? ''
  if (type.startsWith('multipart/form-data')) return uploadAction(visit, request, draft.id, here)

  const form = await request.formData().catch(() => null)
  if (!form) return failed('form', { _form: ['The form could not be read. Please try again.'] }, 415)
  const intent = form.get('intent')

  if (intent === 'delete') {
    const fileId = String(form.get('fileId') ?? '')
    const removed = await visit.portal.call(({ files }) => files.remove(draft.id, fileId))
    if (!removed.ok) {
      const { error } = removed
      const message = error.kind === 'rejected' ? (error.serverMessage ?? UPLOAD_MESSAGES.notFound) : removed.message
      return failed('delete', { _form: [message] }, error.kind === 'rejected' ? (error.status ?? 404) : 503)
    }
    return redirectWithToast(visit.config, here, { kind: 'success', message: DOCUMENTS_TEXT.removed })
  }

  if (intent === 'business-type') {
    const parsed = BusinessTypeSchema.safeParse(form.get('businessType'))
    if (!parsed.success) return failed('business-type', { businessType: [parsed.error.issues[0]!.message] })
    const saved = await visit.draft.save('documents', { businessType: parsed.data })
    if (!saved.ok) return failed('business-type', { _form: [saved.message] }, upstreamStatus(saved.error))
    return redirect(here)
  }

  if (intent === 'continue') {
    const read = await visit.portal.call(({ files }) => files.checklist(draft.id))
    if (!read.ok) return failed('continue', { _form: [read.message] }, upstreamStatus(read.error))
    const checklist = read.value
    if (checklist.businessTypeNeeded) return failed('continue', { _form: [DOCUMENTS_TEXT.businessTypeFirst] })
    if (!checklist.complete) return failed('continue', { _form: [DOCUMENTS_TEXT.incomplete] })
    return redirect(wizardHref(path, 'appointment', flow))
  }

  return failed('form', { _form: ['Unknown action.'] })
}

async function uploadAction(visit: Visit, request: Request, draftId: string, here: string) {
  let form
  try {
    form = await readUploadForm(request)
  } catch (error) {
    if (error instanceof UploadFormError) return failed('form', { _form: [UPLOAD_MESSAGES.failed] }, 400)
    throw error
  }
  // The progress-bar upload (app/ui/use-upload-progress.ts, markXhr) is an XMLHttpRequest, which would
  // follow a redirect and spend the toast cookie on a page nobody sees: it gets 204 with
  // the same cookies instead, and then navigates to the page itself.
  const viaXhr = form.fields[XHR_FIELD] === '1'
  const settle = (response: Response) =>
    viaXhr && response.status >= 300 && response.status < 400
      ? new Response(null, { status: 204, headers: { 'set-cookie': response.headers.get('set-cookie') ?? '' } })
      : response
  try {
    const category = DocumentCategorySchema.safeParse(form.fields.category)
    const formName = category.success ? category.data : 'form'
    if (!category.success) return failed('form', { _form: ['Please choose what kind of document this is.'] })
    const subCategory = form.fields.subCategory || null
    const allowed = subCategoriesOf(category.data, null)
    if (allowed.length > 0 && (!subCategory || !allowed.includes(subCategory))) {
      return failed(formName, { subCategory: [DOCUMENTS_TEXT.choose] })
    }
    const refusals: FileRefusal[] = [...form.refusals]
    if (form.files.length === 0 && refusals.length === 0) return failed(formName, { file: [UPLOAD_MESSAGES.empty] })

    const listed = await visit.portal.call(({ files }) => files.list(draftId))
    if (!listed.ok) {
      visit.logger.warn({ requestId: visit.requestId, err: String(listed.error) }, 'document list failed')
      return settle(await redirectWithToast(visit.config, here, { kind: 'error', message: UPLOAD_MESSAGES.failed }))
    }
    let room = MAX_FILES - listed.value.length
    let uploaded = 0
    let failure = false
    for (const spooled of form.files) {
      const prepared = await prepareFile(spooled)
      if ('message' in prepared) {
        refusals.push(prepared)
        continue
      }
      if (room <= 0) {
        refusals.push({ fileName: prepared.fileName, message: UPLOAD_MESSAGES.tooMany })
        continue
      }
      const sent = await visit.portal.call(({ files }) =>
        files.upload(draftId, {
          category: category.data,
          subCategory: allowed.length > 0 ? subCategory : null,
          fileName: prepared.fileName,
          type: prepared.type,
          size: prepared.size,
          sha256: prepared.sha256,
          body: toWebStream(fs.createReadStream(prepared.path, { highWaterMark: 64 * 1024 })),
        }),
      )
      if (sent.ok) {
        uploaded++
        room--
        continue
      }
      const { error } = sent
      // spec 4: 417 is a skip (already there), not a failure.
      if (error.kind === 'rejected' && error.status === 417) continue
      if (error.kind === 'rejected' && error.status !== undefined && error.status < 500 && error.fields) {
        refusals.push({ fileName: prepared.fileName, message: error.serverMessage ?? UPLOAD_MESSAGES.failed })
        continue
      }
      visit.logger.warn({ requestId: visit.requestId, err: String(error) }, 'document upload failed')
      failure = true
    }
    if (failure) {
      return settle(await redirectWithToast(visit.config, here, { kind: 'error', message: UPLOAD_MESSAGES.failed }))
    }
    if (refusals.length > 0) {
      const messages = refusals.map((r) => (r.fileName ? `${r.fileName}: ${r.message}` : r.message))
      return failed(formName, { file: [...new Set(messages)] }, uploaded > 0 ? 207 : 400)
    }
    return settle(await redirectWithToast(visit.config, here, { kind: 'success', message: DOCUMENTS_TEXT.uploaded }))
  } finally {
    await form.cleanup()
  }
}

/** GET /onboard/:path/documents/:fileId: the bytes, to the draft's holder only, as an attachment. */
export async function documentDownload(visit: Visit, pathParam: string | undefined, fileId: string | undefined) {
  if (!isApplicantPath(pathParam)) throw new Response('Not found', { status: 404 })
  const draft = await visit.draft.current()
  if (!draft || !fileId) throw new Response('Not found', { status: 404 })
  const fetched = await visit.portal.call(({ files }) => files.content(draft.id, fileId))
  if (!fetched.ok) {
    if (fetched.error.kind === 'rejected') throw new Response('Not found', { status: 404 })
    return failedPage(fetched)
  }
  const upstream = fetched.value
  const headers = new Headers({
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    // Opened in a tab anyway (a PDF viewer): no script, no same-origin rights.
    'content-security-policy': 'sandbox',
  })
  for (const name of ['content-type', 'content-length', 'content-disposition']) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  // Only the two stored types, always as a download, whatever the upstream said.
  const typeOk = ['image/jpeg', 'application/pdf'].includes(headers.get('content-type') ?? '')
  if (!typeOk || !headers.get('content-disposition')?.startsWith('attachment;')) {
    throw new Response('Not found', { status: 404 })
  }
  return new Response(upstream.body, { status: 200, headers })
}
