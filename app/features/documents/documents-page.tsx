/**
 * The documents step (issue 10; spec 4, 5): what the application needs, one section per
 * category with its files (download and delete) and its own upload form. Plain POST forms:
 * all of it works without JavaScript; with it, uploads show a progress bar per file and
 * an oversize photo is scaled down first (app/ui/use-upload-progress.ts with shrinkOversizePhotos).
 */
import { Form } from 'react-router'
import { useEffect, useState } from 'react'
import { stageOf, wizardSteps, wizardHref } from '~/features/apply/steps'
import { Button } from '~/ui/button'
import type { FieldMeta } from '~/ui/field-parts'
import { FileField } from '~/ui/file-field'
import { FormAlert } from '~/ui/form-alert'
import { RadioGroup } from '~/ui/radio-group'
import { SelectField } from '~/ui/select-field'
import { Stepper } from '~/ui/stepper'
import { useUploadProgress, type UploadProgressOptions } from '~/ui/use-upload-progress'
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  MAX_FILE_BYTES,
  MAX_FILES,
  subCategoryLabel,
} from '../../../lib/document-rules'
import type { FileEntry, Requirement } from '../../../lib/documents'
import type { DocumentsActionData, DocumentsView } from './documents.server'
import { DOCUMENTS_TEXT as TEXT } from './texts'

const LOADER_MS = 1000 // spec 9: loader hide 1000 ms

/**
 * A photo over 5 MB is scaled down in the browser before it goes (./shrink-photo.ts, fetched
 * only then), so a phone's photo just works. Without JavaScript the browser posts the form and
 * the server answers an oversize file with spec 5's message.
 */
async function shrinkOversizePhotos(files: File[]): Promise<File[]> {
  if (!files.some((file) => file.size > MAX_FILE_BYTES && /^image\/(jpeg|png)$/.test(file.type))) return files
  const { shrinkPhoto } = await import('./shrink-photo')
  return Promise.all(files.map((file) => (file.size > MAX_FILE_BYTES ? shrinkPhoto(file, MAX_FILE_BYTES) : file)))
}

// The action answers the progress-bar post 204, not a redirect (documents.server.ts, uploadAction).
const UPLOAD: UploadProgressOptions = { prepare: shrinkOversizePhotos, markXhr: true }

function field(form: string, name: string, actionData?: DocumentsActionData, initialValue?: string): FieldMeta {
  const id = `${form}-${name}`
  return {
    id,
    name,
    errorId: `${id}-error`,
    initialValue,
    errors: actionData?.form === form ? actionData.errors[name] : undefined,
  }
}

function sizeText(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export function DocumentsPage({ view, actionData }: { view: DocumentsView; actionData?: DocumentsActionData }) {
  const { path, flow, checklist, files } = view
  const here = wizardHref(path, 'documents', flow)
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <Stepper label={TEXT.stepsLabel} steps={wizardSteps(path, flow)} current={stageOf('documents')} />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{TEXT.title}</h1>
        <p className="text-slate-600 dark:text-slate-300">{TEXT.intro}</p>
        <p className="text-sm font-semibold" data-testid="file-count">
          {TEXT.fileCount(checklist.fileCount, MAX_FILES)}
        </p>
        {actionData?.form === 'delete' || actionData?.form === 'form' ? (
          <FormAlert id="documents-form-error" errors={actionData.errors._form} />
        ) : null}
      </div>

      {checklist.customerType === 'SME' ? (
        <BusinessTypeForm current={checklist.businessType} actionData={actionData} />
      ) : null}

      {checklist.requirements.map((requirement) => (
        <CategorySection
          key={requirement.category}
          requirement={requirement}
          files={files.filter((file) => file.category === requirement.category)}
          here={here}
          billingOptionalBelow={view.billingOptionalBelow}
          disabled={requirement.category === 'businessdocuments' && checklist.businessTypeNeeded}
          actionData={actionData}
        />
      ))}

      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="continue" />
        <FormAlert id="continue-error" errors={actionData?.form === 'continue' ? actionData.errors._form : undefined} />
        <div>
          <Button type="submit">{TEXT.continue}</Button>
        </div>
      </Form>
    </div>
  )
}

function BusinessTypeForm({ current, actionData }: { current: string | null; actionData?: DocumentsActionData }) {
  return (
    <section
      aria-labelledby="business-type-heading"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <h2 id="business-type-heading" className="text-lg font-semibold">
        {TEXT.changeBusinessType}
      </h2>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="business-type" />
        <RadioGroup
          legend={TEXT.businessTypeLegend}
          hint={TEXT.businessTypeHint}
          field={field('business-type', 'businessType', actionData, current ?? undefined)}
          options={BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }))}
          required
        />
        <div>
          <Button type="submit" variant="secondary">
            {TEXT.saveBusinessType}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function CategorySection({
  requirement,
  files,
  here,
  billingOptionalBelow,
  disabled,
  actionData,
}: {
  requirement: Requirement
  files: FileEntry[]
  here: string
  billingOptionalBelow: number
  disabled: boolean
  actionData?: DocumentsActionData
}) {
  const { category } = requirement
  const words = TEXT.categories[category]
  const headingId = `${category}-heading`
  const status = requirement.required ? (requirement.satisfied ? TEXT.done : TEXT.required) : TEXT.optional
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {words.label}
        </h2>
        <span className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {status}
        </span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{words.hint}</p>
      {category === 'proofOfBilling' && !requirement.required ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.billingOptionalBelow(billingOptionalBelow)}</p>
      ) : null}
      {requirement.minDocuments > 1 ? <p className="text-sm">{TEXT.minDocuments(requirement.minDocuments)}</p> : null}

      {files.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{TEXT.noFiles}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={words.label}>
          {files.map((file) => (
            <li
              key={file.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-900"
            >
              <span className="flex flex-col">
                <a
                  href={`${here}/${file.id}`}
                  className="font-semibold text-brand-800 underline dark:text-brand-300"
                  aria-label={TEXT.download(file.fileName)}
                >
                  {file.fileName}
                </a>
                <span className="text-slate-600 dark:text-slate-300">
                  {file.subCategory ? `${subCategoryLabel(file.subCategory)} · ` : ''}
                  {file.type.toUpperCase()} · {sizeText(file.size)}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="fileId" value={file.id} />
                <Button type="submit" variant="ghost" aria-label={TEXT.removeLabel(file.fileName)}>
                  {TEXT.remove}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {disabled ? (
        <p className="text-sm">{TEXT.businessTypeFirst}</p>
      ) : (
        <UploadForm requirement={requirement} actionData={actionData} />
      )}
    </section>
  )
}

function UploadForm({ requirement, actionData }: { requirement: Requirement; actionData?: DocumentsActionData }) {
  const { category } = requirement
  const upload = useUploadProgress(UPLOAD)
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    if (!loading) return
    const timer = setTimeout(() => setLoading(false), LOADER_MS)
    return () => clearTimeout(timer)
  }, [loading])
  const formErrors = actionData?.form === category ? actionData.errors._form : undefined
  return (
    <Form method="post" encType="multipart/form-data" onSubmit={upload.onSubmit} className="flex flex-col gap-3">
      <input type="hidden" name="category" value={category} />
      <FormAlert id={`${category}-form-error`} errors={formErrors} />
      {requirement.subCategories.length > 0 ? (
        <SelectField
          label={TEXT.whichDocument}
          placeholder={TEXT.choose}
          field={field(category, 'subCategory', actionData)}
          options={requirement.subCategories.map((value) => ({ value, label: subCategoryLabel(value) }))}
          selectProps={{ required: true, onChange: () => setLoading(true) }}
        />
      ) : null}
      {loading ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {TEXT.loading}
        </p>
      ) : null}
      <FileField
        label={`${TEXT.chooseFiles}: ${TEXT.categories[category].label}`}
        hint={TEXT.fileHint}
        accept=".jpg,.jpeg,.pdf,.png,.heic,.heif,image/jpeg,application/pdf,image/png,image/heic,image/heif"
        multiple
        field={field(category, 'file', actionData)}
        progress={upload.files}
        failed={upload.failed}
      />
      <div>
        <Button type="submit" variant="secondary">
          {TEXT.upload}
        </Button>
      </div>
    </Form>
  )
}
