/**
 * /account/wifi (issue 18): the modem's networks, showing their passwords after the portal
 * password, changing a name or password with the customer's word that devices will be
 * disconnected, the last change's outcome (re-read every 5 s with JavaScript while the modem
 * applies it; REFRESH without), and the devices connected. Plain forms throughout.
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { CheckboxField, CHOICE_CLASS } from '~/ui/checkbox-field'
import { Field } from '~/ui/field'
import { FieldErrors } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { useRefreshWhile } from '~/ui/use-refresh-while'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useIsPending } from '~/utils/use-is-pending'
import { bandLabel, type WifiBand } from '../../../lib/wifi-bands'
import { WIFI_PAGE_TEXT as TEXT } from './texts'
import type { WifiActionData, WifiView } from './wifi.server'

const loadChangeSchema = () => import('./schemas').then((module) => module.WifiChangeFormSchema)
const loadRevealSchema = () => import('./schemas').then((module) => module.WifiRevealFormSchema)

const bandsText = (bands: readonly WifiBand[]) => (bands.length > 1 ? TEXT.bandSteered : bandLabel(bands[0]!))

type Props = {
  accountNumber: string
  wifi: WifiView
  constraint: { change: FormConstraint; reveal: FormConstraint }
  actionData: WifiActionData | undefined
}

function Networks({ wifi, passphrases }: { wifi: WifiView; passphrases: WifiActionData['passphrases'] }) {
  const shown = (networkId: string) => passphrases?.find((network) => network.networkId === networkId)
  return (
    <section aria-labelledby="wifi-networks-heading" className="flex flex-col gap-3">
      <h2 id="wifi-networks-heading" className="text-xl font-bold">
        {TEXT.networksHeading}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2" data-testid="wifi-networks">
        {wifi.networks.map((network) => {
          const revealed = shown(network.networkId)
          return (
            <li
              key={network.networkId}
              className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
              aria-label={`${network.ssid} (${bandsText(network.bands)})`}
            >
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-semibold">{TEXT.name}</dt>
                <dd className="break-all" data-testid="wifi-ssid">
                  {network.ssid}
                </dd>
                <dt className="font-semibold">{TEXT.band}</dt>
                <dd>{bandsText(network.bands)}</dd>
                <dt className="font-semibold">{TEXT.security}</dt>
                <dd>{network.security}</dd>
                <dt className="font-semibold">{TEXT.state}</dt>
                <dd>{network.enabled ? TEXT.on : TEXT.off}</dd>
                <dt className="font-semibold">{TEXT.devices}</dt>
                <dd>{network.connectedDevices}</dd>
                <dt className="font-semibold">{TEXT.password}</dt>
                <dd className="break-all font-mono" data-testid="wifi-passphrase">
                  {revealed ? (revealed.passphrase ?? TEXT.notTold) : TEXT.hidden}
                </dd>
              </dl>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function RevealForm({ accountNumber, wifi, constraint, actionData }: Props) {
  const busy = useIsPending()
  const [form, fields] = useSchemaForm({
    id: 'wifi-reveal',
    lastResult: actionData?.form === 'reveal' ? actionData.result : undefined,
    constraint: constraint.reveal,
    loadSchema: loadRevealSchema,
  })
  return (
    <section aria-labelledby="wifi-reveal-heading" className="flex flex-col gap-3">
      <h2 id="wifi-reveal-heading" className="text-xl font-bold">
        {TEXT.revealHeading}
      </h2>
      <p>{TEXT.revealIntro}</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" autoComplete="off">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="accountNumber" value={accountNumber} />
        <input type="hidden" name="deviceId" value={wifi.deviceId} />
        <Field
          label={TEXT.portalPassword}
          field={fields.password}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <div>
          <Button type="submit" name="intent" value="reveal" variant="secondary" disabled={busy}>
            {TEXT.reveal}
          </Button>
        </div>
      </Form>
    </section>
  )
}

type ChangeFormFields = ReturnType<typeof useSchemaForm<Awaited<ReturnType<typeof loadChangeSchema>>>>[1]

/** The change's own fields and its button: the full form's and the kept form's. */
function ChangeFields({ fields, disabled }: { fields: ChangeFormFields; disabled: boolean }) {
  return (
    <>
      <Field
        label={TEXT.newName}
        hint={TEXT.newNameHint}
        field={fields.ssid}
        inputProps={{ ...getInputProps(fields.ssid, { type: 'text' }), spellCheck: false, autoComplete: 'off' }}
      />
      <Field
        label={TEXT.newPassword}
        hint={TEXT.newPasswordHint}
        field={fields.passphrase}
        inputProps={{ ...getInputProps(fields.passphrase, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <CheckboxField
        label={TEXT.confirmDisconnect}
        field={fields.confirmDisconnect}
        inputProps={getInputProps(fields.confirmDisconnect, { type: 'checkbox' })}
      />
      <div>
        <Button type="submit" name="intent" value="change" disabled={disabled}>
          {TEXT.change}
        </Button>
      </div>
    </>
  )
}

function ChangeForm({ accountNumber, wifi, constraint, actionData }: Props) {
  const busy = useIsPending()
  const [form, fields] = useSchemaForm({
    id: 'wifi-change',
    lastResult: actionData?.form === 'change' ? actionData.result : undefined,
    constraint: constraint.change,
    loadSchema: loadChangeSchema,
  })
  const chosen = fields.bands.initialValue
  const chosenBands = Array.isArray(chosen) ? chosen : typeof chosen === 'string' ? [chosen] : []
  const bandsError = fields.bands.errors?.length ? fields.bands : null
  const blocked = wifi.changesLeft === 0 || wifi.change?.state === 'requested'
  return (
    <section aria-labelledby="wifi-change-heading" className="flex flex-col gap-3">
      <h2 id="wifi-change-heading" className="text-xl font-bold">
        {TEXT.changeHeading}
      </h2>
      <p>{TEXT.changeIntro}</p>
      <p className="text-sm" data-testid="wifi-changes-left">
        {wifi.changesLeft ? TEXT.changesLeft(wifi.changesLeft) : TEXT.noChangesLeft}
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" autoComplete="off">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="accountNumber" value={accountNumber} />
        <input type="hidden" name="deviceId" value={wifi.deviceId} />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={bandsError ? fields.bands.errorId : undefined}
          aria-invalid={bandsError ? true : undefined}
        >
          <legend className="mb-1 font-semibold">{TEXT.whichNetwork}</legend>
          {wifi.networks.map((network) => {
            const value = network.bands[0]!
            const id = `wifi-band-${network.networkId}`
            return (
              <div key={network.networkId} className="flex items-center gap-3">
                <input
                  type="checkbox"
                  id={id}
                  name="bands"
                  value={value}
                  defaultChecked={chosenBands.length ? chosenBands.includes(value) : wifi.networks.length === 1}
                  className={CHOICE_CLASS}
                />
                <label htmlFor={id}>{`${network.ssid} (${bandsText(network.bands)})`}</label>
              </div>
            )
          })}
          {bandsError ? <FieldErrors field={bandsError} /> : null}
        </fieldset>
        <ChangeFields fields={fields} disabled={busy || blocked} />
      </Form>
    </section>
  )
}

/**
 * The change form as the customer sent it, while the modem's page cannot be read (the devices
 * service failed for the change and for the page): the name, the password and the
 * confirmation are as they were typed, the networks chosen go along unseen (they cannot be
 * listed), and CHANGE WI-FI sends it all again. The server checks the account and the device
 * again, as for any change.
 */
export function KeptChangeForm({
  result,
  constraint,
}: {
  result: SubmissionResult<string[]>
  constraint: FormConstraint
}) {
  const busy = useIsPending()
  const [form, fields] = useSchemaForm({
    id: 'wifi-change',
    lastResult: result,
    constraint,
    loadSchema: loadChangeSchema,
  })
  const sent = result.initialValue ?? {}
  const sentText = (name: string) => (typeof sent[name] === 'string' ? sent[name] : '')
  const bands = [sent.bands].flat().filter((band): band is string => typeof band === 'string')
  return (
    <section aria-labelledby="wifi-change-heading" className="flex flex-col gap-3">
      <h2 id="wifi-change-heading" className="text-xl font-bold">
        {TEXT.changeHeading}
      </h2>
      <p>{TEXT.keptIntro}</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" autoComplete="off">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="accountNumber" value={sentText('accountNumber')} />
        <input type="hidden" name="deviceId" value={sentText('deviceId')} />
        {bands.map((band) => (
          <input key={band} type="hidden" name="bands" value={band} />
        ))}
        <ChangeFields fields={fields} disabled={busy} />
      </Form>
    </section>
  )
}

function Hosts({ wifi }: { wifi: WifiView }) {
  return (
    <section aria-labelledby="wifi-hosts-heading" className="flex flex-col gap-3">
      <h2 id="wifi-hosts-heading" className="text-xl font-bold">
        {TEXT.hostsHeading}
      </h2>
      {wifi.hosts.length ? (
        // On a narrow phone the table scrolls sideways: the keyboard must reach it (WCAG 2.1.1), so the
        // scrolling box is focusable and named (a group, not a second landmark with the section's name).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box needs focus to scroll by keyboard
        <div className="overflow-x-auto" role="group" aria-labelledby="wifi-hosts-heading" tabIndex={0}>
          <table className="w-full text-left text-sm" data-testid="wifi-hosts">
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-600">
                <th scope="col" className="py-2 pr-3">
                  {TEXT.host}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {TEXT.connection}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {TEXT.signal}
                </th>
                <th scope="col" className="py-2">
                  {TEXT.since}
                </th>
              </tr>
            </thead>
            <tbody>
              {wifi.hosts.map((host, index) => (
                <tr key={index} className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {host.name ?? TEXT.unnamed}
                  </th>
                  <td className="py-2 pr-3">
                    {host.connection === 'ethernet' ? TEXT.wired : host.band ? bandLabel(host.band) : 'Wi-Fi'}
                  </td>
                  <td className="py-2 pr-3">{host.signalDbm === null ? '–' : `${host.signalDbm} dBm`}</td>
                  <td className="py-2">{host.since ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{TEXT.hostsNone}</p>
      )}
    </section>
  )
}

export function WifiPage(props: Props) {
  const { wifi, actionData } = props
  const applying = wifi.change?.state === 'requested'
  useRefreshWhile(applying)
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <AppLink to="/customer" className="text-sm underline">
        {TEXT.back}
      </AppLink>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.title}</h1>
        <p>{TEXT.intro}</p>
        {wifi.online ? null : (
          <p role="alert" className="font-semibold">
            {TEXT.offline}
          </p>
        )}
        {actionData?.formError ? <FormAlert id="wifi-form-error" errors={[actionData.formError]} /> : null}
      </div>
      {wifi.change ? (
        <section aria-labelledby="wifi-latest-heading" className="flex flex-col gap-2">
          <h2 id="wifi-latest-heading" className="text-xl font-bold">
            {TEXT.changeHeadingLatest}
          </h2>
          <p role="status" data-testid="wifi-change-state" data-state={wifi.change.state}>
            {wifi.change.text}{' '}
            {applying ? (
              <AppLink to="/account/wifi" className={buttonClass('ghost')}>
                {TEXT.refresh}
              </AppLink>
            ) : null}
          </p>
        </section>
      ) : null}
      <Networks wifi={wifi} passphrases={actionData?.passphrases} />
      <RevealForm {...props} />
      <ChangeForm {...props} />
      <Hosts wifi={wifi} />
    </section>
  )
}
