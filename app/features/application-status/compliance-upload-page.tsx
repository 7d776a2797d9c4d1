/**
 * The page for one rejected category's document (issue 10 part 4): the operator's reason,
 * the document's kind where the category has several, the file, and a plain multipart
 * form that works without JavaScript. A refusal comes back beside the field, with the
 * chosen kind kept (a browser never keeps a chosen file).
 */
import { Form } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import type { FieldMeta } from '~/ui/field-parts'
import { FileField } from '~/ui/file-field'
import { FormAlert } from '~/ui/form-alert'
import { SelectField } from '~/ui/select-field'
import { CATEGORY_LABELS } from '../../../lib/application-status-words'
import { subCategoryLabel } from '../../../lib/document-rules'
import type { ComplianceUploadActionData, ComplianceUploadView } from './compliance-upload.server'
import { TEXT } from './texts'

function field(
  name: 'subCategory' | 'file',
  actionData?: ComplianceUploadActionData,
  initialValue?: string,
): FieldMeta {
  const id = `compliance-${name}`
  return { id, name, errorId: `${id}-error`, initialValue, errors: actionData?.errors[name] }
}

export function ComplianceUploadPage({
  view,
  actionData,
  back,
}: {
  view: ComplianceUploadView
  actionData?: ComplianceUploadActionData
  back: string
}) {
  const label = CATEGORY_LABELS[view.category]
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{TEXT.uploadHeading(label)}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.complianceOpenHeading(view.referenceNo)}</p>
      <p>
        {TEXT.rejectedReason}: {view.reason}
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
        <FormAlert id="compliance-upload-error" errors={actionData?.errors._form} />
        {view.subCategories.length > 0 ? (
          <SelectField
            label={TEXT.whichDocument}
            placeholder={TEXT.chooseDocument}
            field={field('subCategory', actionData, actionData?.subCategory)}
            options={view.subCategories.map((value) => ({ value, label: subCategoryLabel(value) }))}
            selectProps={{ required: true }}
          />
        ) : null}
        <FileField
          label={`${TEXT.fileLabel}: ${label}`}
          hint={TEXT.uploadIntro}
          accept=".jpg,.jpeg,.pdf,.png,.heic,.heif,image/jpeg,application/pdf,image/png,image/heic,image/heif"
          field={field('file', actionData)}
          inputProps={{ required: true }}
        />
        <div>
          <Button type="submit">{TEXT.uploadButton}</Button>
        </div>
      </Form>
      <AppLink to={back} className="font-semibold underline underline-offset-4">
        {TEXT.backToCompliance}
      </AppLink>
    </div>
  )
}
