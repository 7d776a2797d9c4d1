/**
 * /dev/ui's screen: every part of app/ui as a page would use it. The form is one Conform
 * form whose errors come from the server, so each part's error state is the server's
 * rendering, with and without JavaScript.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { ReactNode } from 'react'
import { Button, ButtonLink } from '~/ui/button'
import { CheckboxField } from '~/ui/checkbox-field'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { FileField } from '~/ui/file-field'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { FormAlert } from '~/ui/form-alert'
import { Map, OFFLINE_BASE_LAYER_URL, type Position } from '~/ui/map'
import { RadioGroup } from '~/ui/radio-group'
import { SelectField } from '~/ui/select-field'
import { Stepper } from '~/ui/stepper'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useUploadProgress } from '~/ui/use-upload-progress'
import { DEV_UI_PATH } from './paths'
import { TEXT } from './texts'

// import(): the schema, and zod with it, stay out of the page's first JS.
const uiKitSchema = () => import('./schemas').then((module) => module.UiKitSchema)

// Manila: where the pin starts until the form has posted another position.
const START: Position = { lat: 14.5995, lng: 120.9842 }

type UiKitProps = {
  lastResult: SubmissionResult<string[]> | undefined
  constraint: FormConstraint
  tiles: { url?: string; attribution: string }
  dialogOpen: boolean
  /** What the server received from a complete form (the redirect's query). */
  sent: string | null
  confirmed: boolean
}

function Part({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold">
        {heading}
      </h2>
      {children}
    </section>
  )
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
    >
      {children}
    </p>
  )
}

function postedPosition(lat: unknown, lng: unknown): Position {
  const [latitude, longitude] = [Number(lat), Number(lng)]
  return typeof lat === 'string' && typeof lng === 'string' && Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { lat: latitude, lng: longitude }
    : START
}

export function UiKit({ lastResult, constraint, tiles, dialogOpen, sent, confirmed }: UiKitProps) {
  const [form, fields] = useSchemaForm({ id: 'ui-kit', lastResult, constraint, loadSchema: uiKitSchema })
  const upload = useUploadProgress()
  const formProps = getFormProps(form)
  const position = postedPosition(fields.latitude.initialValue, fields.longitude.initialValue)
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-10 px-4 py-12">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">{TEXT.heading}</h1>
        <p className="text-slate-600 dark:text-slate-300">{TEXT.intro}</p>
        <p className="text-slate-600 dark:text-slate-300">{TEXT.themeNote}</p>
        {sent ? <Status>{sent}</Status> : null}
        {confirmed ? <Status>{TEXT.confirmed}</Status> : null}
      </div>

      <Part id="stepper" heading={TEXT.stepperHeading}>
        <Stepper
          label={TEXT.stepperLabel}
          current={2}
          steps={TEXT.steps.map((label, index) => ({
            label,
            href: index < 2 ? `${DEV_UI_PATH}?step=${index}` : undefined,
          }))}
        />
      </Part>

      <Part id="form-fields" heading={TEXT.formHeading}>
        <Form
          method="post"
          encType="multipart/form-data"
          {...formProps}
          onSubmit={(event) => {
            formProps.onSubmit(event)
            upload.onSubmit(event)
          }}
          className="flex flex-col gap-5"
        >
          <FormAlert id={form.errorId} errors={form.errors} />
          <Field
            label={TEXT.fullName}
            hint={TEXT.fullNameHint}
            field={fields.fullName}
            inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name' }}
          />
          <SelectField
            label={TEXT.province}
            placeholder={TEXT.provincePlaceholder}
            options={TEXT.provinces}
            field={fields.province}
            selectProps={getSelectProps(fields.province)}
          />
          <RadioGroup
            legend={TEXT.locationType}
            options={TEXT.locationTypes}
            field={fields.locationType}
            required={fields.locationType.required}
          />
          <CheckboxField
            label={TEXT.agree}
            field={fields.agree}
            inputProps={getInputProps(fields.agree, { type: 'checkbox' })}
          />
          <FileField
            label={TEXT.proof}
            hint={TEXT.proofHint}
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            field={fields.proof}
            progress={upload.files}
            failed={upload.failed}
          />
          <Map
            label={TEXT.mapLabel}
            position={position}
            tileUrl={tiles.url}
            baseLayerUrl={OFFLINE_BASE_LAYER_URL}
            attribution={tiles.attribution}
            pin={{ label: TEXT.pinLabel, draggable: true }}
            inputNames={{ lat: fields.latitude.name, lng: fields.longitude.name }}
          >
            {TEXT.mapFallback(position.lat, position.lng)}
          </Map>
          <div>
            <Button type="submit">{TEXT.submit}</Button>
          </div>
        </Form>
      </Part>

      <Part id="dialog" heading={TEXT.dialogHeading}>
        <div>
          <ButtonLink to={`${DEV_UI_PATH}?dialog=open`} variant="secondary">
            {TEXT.openDialog}
          </ButtonLink>
        </div>
        {dialogOpen ? (
          <Dialog
            title={TEXT.dialogTitle}
            closeHref={DEV_UI_PATH}
            actions={
              <Form method="post" action={DEV_UI_PATH}>
                <Button type="submit" name="intent" value="confirm">
                  {TEXT.confirm}
                </Button>
              </Form>
            }
          >
            <p>{TEXT.dialogMessage}</p>
          </Dialog>
        ) : null}
      </Part>

      <Part id="confirm-panel" heading={TEXT.confirmPanelHeading}>
        <ConfirmPanel id="ui-confirm" heading={TEXT.confirmPanelQuestion} detail={TEXT.confirmPanelDetail} danger>
          <div className="flex flex-wrap gap-3">
            <Button type="button">{TEXT.confirm}</Button>
            <Button type="button" variant="ghost">
              {TEXT.confirmPanelNo}
            </Button>
          </div>
        </ConfirmPanel>
      </Part>
    </div>
  )
}
