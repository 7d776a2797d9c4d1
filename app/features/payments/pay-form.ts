/**
 * The pay form's values and their checks, shared by the guest's and the customer's pages
 * (issue 12). Plain POST forms checked on the server, so they work without JavaScript and
 * bring no schema library to the browser. One radio, `channel`, names the group and the
 * method at once ("E-WALLETS|gcash"): no cascade of two fields to wait for.
 */
import { formatPesos } from '../../../lib/pesos'
import type { ChannelGroup, ChannelGroupName, PaymentMethods } from '~/upstream/payments.server'
import { PAY_TEXT as TEXT } from './texts'

export type PayValues = { amount: string; channel: string }
export type PayErrors = Partial<Record<keyof PayValues, string[]>>

export type PayChoice = { channelGroup: ChannelGroupName; paymentMethod: string }

export const ACCOUNT_NUMBER = /^\d{13}$/

/** The groups a bill can be paid with: the offered ones but the installer's (new applications only). */
export function billGroups(methods: PaymentMethods): ChannelGroup[] {
  return methods.channelGroups.filter((group) => group.kind !== 'installer')
}

export const channelValue = (group: ChannelGroupName, method: string) => `${group}|${method}`

/** The form's `channel` back to a group and one of its methods, or null when it is not one offered. */
export function readChoice(groups: ChannelGroup[], channel: string): PayChoice | null {
  const [groupName, method] = channel.split('|')
  const group = groups.find((candidate) => candidate.name === groupName)
  if (!group || !group.paymentMethods.some((candidate) => candidate.code === method)) return null
  return { channelGroup: group.name, paymentMethod: method! }
}

/** Pesos as typed ("1,799", "₱1799.5", "1799.00") to a number with centavos, or null. */
export function readPesos(typed: string): number | null {
  const plain = typed.replace(/[₱,\s]/g, '').replace(/^PHP/i, '')
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null
  return Math.round(Number(plain) * 100) / 100
}

/** Pesos as the amount field shows them: 1799 → "1799.00". */
export const amountFieldValue = (pesos: number) => pesos.toFixed(2)

export function readPayValues(form: FormData): PayValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  return { amount: text('amount').slice(0, 20), channel: text('channel').slice(0, 80) }
}

export type Limits = { minimum: number; maximum: number }

/** What is wrong with the form, field by field; an empty object when it can be quoted. */
export function checkPayValues(values: PayValues, groups: ChannelGroup[], limits: Limits): PayErrors {
  const errors: PayErrors = {}
  const amount = readPesos(values.amount)
  if (values.amount === '') errors.amount = [TEXT.amountRequired]
  else if (amount === null) errors.amount = [TEXT.amountInvalid]
  else if (amount < limits.minimum) errors.amount = [TEXT.amountTooSmall(formatPesos(limits.minimum))]
  else if (amount > limits.maximum) errors.amount = [TEXT.amountTooLarge(formatPesos(limits.maximum))]
  if (!readChoice(groups, values.channel)) errors.channel = [TEXT.channelRequired]
  return errors
}

/** The upstream's per-field messages (amount, channelGroup, paymentMethod) onto the form's two fields. */
export function upstreamFieldErrors(fields: Record<string, string[]>): { errors: PayErrors; formError: string | null } {
  const errors: PayErrors = {}
  if (fields.amount) errors.amount = fields.amount
  const channel = [...(fields.channelGroup ?? []), ...(fields.paymentMethod ?? [])]
  if (channel.length) errors.channel = channel
  const others = Object.entries(fields)
    .filter(([name]) => !['amount', 'channelGroup', 'paymentMethod'].includes(name))
    .flatMap(([, messages]) => messages)
  return { errors, formError: others.length ? others.join(' ') : null }
}
