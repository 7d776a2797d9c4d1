/**
 * /compliance/{id}/upload/{category} (issue 10 part 4; spec 4, compliance validation; spec 5,
 * upload rules): one rejected category's document, sent again. Behind the same proof as
 * the compliance page (the emailed code's session, compliance.server.ts): without it, or for
 * a category that is not open, the visitor goes back to /compliance/{id}, which says what
 * to do. The form is a plain multipart POST, read as it streams and checked like the
 * documents step's (upload.server.ts); the files service checks the session, the category
 * and the bytes again, stores the file with the application and closes the category.
 */
import fs from 'node:fs'
import { data, redirect } from 'react-router'
import { prepareFile, readUploadForm, UploadFormError } from '~/features/documents/upload.server'
import { redirectWithToast } from '~/utils/toast.server'
import { CATEGORY_LABELS } from '../../../lib/application-status-words'
import { DocumentCategorySchema, UPLOAD_MESSAGES, subCategoriesOf, type DocumentCategory } from '../../../lib/documents'
import { toWebStream } from '../../../lib/web-streams'
import type { Failure } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { complianceSession } from './compliance.server'
import { TEXT } from './texts'

export type ComplianceUploadView = {
  referenceNo: string
  category: DocumentCategory
  reason: string
  subCategories: string[]
}

export type ComplianceUploadErrors = { subCategory?: string[]; file?: string[]; _form?: string[] }
export type ComplianceUploadActionData = { errors: ComplianceUploadErrors; subCategory: string }

const compliancePage = (id: string) => `/compliance/${encodeURIComponent(id)}`

/** The open category this page is for, or a redirect to the compliance page (no proof, or not open). */
async function openCategory(visit: Visit, id: string | undefined, category: string | undefined) {
  const session = await complianceSession(visit, id)
  if (!session || !id) throw redirect(id ? compliancePage(id) : '/check-status')
  const parsed = DocumentCategorySchema.safeParse(category)
  const open = parsed.success ? session.view.openCategories.find((r) => r.category === parsed.data) : undefined
  if (!parsed.success || !open) throw redirect(compliancePage(id))
  const view: ComplianceUploadView = {
    referenceNo: session.view.referenceNo,
    category: parsed.data,
    reason: open.reason,
    subCategories: subCategoriesOf(parsed.data, null),
  }
  return { id, view, sessionToken: session.sessionToken }
}

export async function complianceUploadLoader(visit: Visit, id: string | undefined, category: string | undefined) {
  const { view } = await openCategory(visit, id, category)
  return data(view, { headers: { 'cache-control': 'no-store' } })
}

const failed = (errors: ComplianceUploadErrors, subCategory: string, status = 400) =>
  data<ComplianceUploadActionData>({ errors, subCategory }, { status })

/** A rejected category's document as the form sent it, checked and spooled; or the form's answer saying what was wrong. */
export type ReceivedDocument =
  | {
      ok: true
      subCategory: string
      file: {
        subCategory: string | null
        fileName: string
        type: 'jpg' | 'pdf'
        size: number
        sha256: string
        path: string
      }
      cleanup: () => Promise<void>
    }
  | { ok: false; answer: ReturnType<typeof failed> }

/**
 * Reads the plain multipart form of one rejected category's page (the customer's here, the
 * sales agent's in app/features/sales) as it streams, and checks it like the documents step:
 * the kind where the category has several, one file, its type by content and its size.
 */
export async function receiveComplianceDocument(request: Request, subCategories: string[]): Promise<ReceivedDocument> {
  let form
  try {
    // One document: the category closes once it is accepted.
    form = await readUploadForm(request, { maxFiles: 1 })
  } catch (error) {
    if (error instanceof UploadFormError) return { ok: false, answer: failed({ _form: [UPLOAD_MESSAGES.failed] }, '') }
    throw error
  }
  const refuse = async (errors: ComplianceUploadErrors, subCategory: string) => {
    await form.cleanup()
    return { ok: false as const, answer: failed(errors, subCategory) }
  }
  const subCategory = form.fields.subCategory ?? ''
  if (subCategories.length > 0 && !subCategories.includes(subCategory)) {
    return refuse({ subCategory: [TEXT.chooseDocument] }, subCategory)
  }
  const refusal = form.refusals[0]
  if (refusal) return refuse({ file: [refusal.message] }, subCategory)
  const spooled = form.files[0]
  if (!spooled) return refuse({ file: [UPLOAD_MESSAGES.empty] }, subCategory)
  const prepared = await prepareFile(spooled)
  if ('message' in prepared) return refuse({ file: [prepared.message] }, subCategory)
  return {
    ok: true,
    subCategory,
    file: {
      subCategory: subCategories.length > 0 ? subCategory : null,
      fileName: prepared.fileName,
      type: prepared.type,
      size: prepared.size,
      sha256: prepared.sha256,
      path: prepared.path,
    },
    cleanup: () => form.cleanup(),
  }
}

/** The bytes of a received document, streamed from where they were spooled. */
export const documentStream = (path: string) => toWebStream(fs.createReadStream(path, { highWaterMark: 64 * 1024 }))

/** An upstream refusal of the bytes, beside the file field; anything else on the form. */
export function uploadRefusal(
  { error, message }: Failure,
  subCategory: string,
  visit: Pick<Visit, 'logger' | 'requestId'>,
) {
  if (error.kind === 'rejected' && error.fields) {
    const fileErrors = error.fields.file ?? error.fields.fileName ?? error.fields.type
    return failed(
      fileErrors ? { file: fileErrors } : { _form: [error.serverMessage ?? UPLOAD_MESSAGES.failed] },
      subCategory,
      error.status ?? 400,
    )
  }
  visit.logger.warn({ requestId: visit.requestId, err: String(error) }, 'compliance upload failed')
  return failed({ _form: [message] }, subCategory, 503)
}

/** The upload's POST: `request` is read here, as its multipart body streams in. */
export async function complianceUploadAction(
  visit: Visit,
  id: string | undefined,
  category: string | undefined,
  request: Request,
) {
  const open = await openCategory(visit, id, category)
  const received = await receiveComplianceDocument(request, open.view.subCategories)
  if (!received.ok) return received.answer
  try {
    const { path, ...file } = received.file
    const sent = await visit.portal.call((upstream) =>
      upstream.applicationStatus.complianceUpload(open.id, open.sessionToken, {
        category: open.view.category,
        ...file,
        body: documentStream(path),
      }),
    )
    if (!sent.ok) {
      const { error } = sent
      if (error.kind === 'rejected' && (error.status === 404 || error.status === 409)) {
        // The session ended or the category closed meanwhile: the compliance page says what is open now.
        return redirectWithToast(visit.config, compliancePage(open.id), {
          kind: 'error',
          message: error.serverMessage ?? TEXT.linkInvalid,
        })
      }
      return uploadRefusal(sent, received.subCategory, visit)
    }
    return redirectWithToast(visit.config, compliancePage(open.id), {
      kind: 'success',
      message: TEXT.reuploaded(CATEGORY_LABELS[open.view.category]),
    })
  } finally {
    await received.cleanup()
  }
}
