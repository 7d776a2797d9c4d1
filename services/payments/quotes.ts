/**
 * Before paying (spec 7, methods and channels; spec 9): the channels on offer, the amount due
 * (in full for the signed-in owner, masked for a guest) and a quote, whose pricing also
 * decides what an initiation may ask for.
 */
import type { Caller } from '../bearer.ts'
import { ServiceError } from '../errors.ts'
import { payableAccount, type GuestClient } from './access.ts'
import { amountLimits, offeredGroups, type ChannelGroup, type ChannelGroupCode } from './channels.ts'
import type { PaymentsContext, PaymentsSettings } from './context.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { pesos } from './views.ts'

const centavos = (pesosAmount: number) => Math.round(pesosAmount * 100)

export type ChannelGroupView = {
  name: ChannelGroupCode
  kind: ChannelGroup['kind']
  paymentMethods: { code: string; name: string }[]
  serviceCharge: number
  postingTime: string
  notes: string[]
}

export type Quote = {
  accountNumber: string
  channelGroup: ChannelGroupCode
  amountDue: number
  amount: number
  serviceCharge: number
  total: number
  minimum: number
  maximum: number
}

export type PaymentRequest = {
  accountNumber: string
  /** Pesos with centavos; default: the amount due. */
  amount?: number
  channelGroup: ChannelGroupCode
  paymentMethod?: string
  /** Where the receipt goes; default: the account's registered email. */
  email?: string
  /** Portal paths the gateway returns the payer to; `{id}` becomes the payment's id. */
  successPath?: string
  failurePath?: string
}

/** 'CARLOS REYES' → 'C***** R****': what a guest may see of the holder. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => `${word[0]}${'*'.repeat(Math.max(word.length - 1, 1))}`)
    .join(' ')
}

async function amountDueCentavos(
  ctx: PaymentsContext,
  accountNumber: string,
): Promise<{ amountDue: number; dueDate: string | null }> {
  const details = await ctx.billing.paymentDetails(accountNumber)
  return { amountDue: centavos(details.amountDue), dueDate: details.dueDate }
}

/** The amounts of a request, or the field error that refuses it. */
export async function price(ctx: PaymentsContext, request: PaymentRequest) {
  const offered = offeredGroups(ctx.deps.payments.forceHidePaymentOptions)
  const group = offered.find((g) => g.name === request.channelGroup)
  if (!group) {
    throw new ServiceError(422, 'channel_not_offered', PAYMENT_MESSAGES.channelNotOffered, {
      channelGroup: [PAYMENT_MESSAGES.channelNotOffered],
    })
  }
  if (group.kind === 'installer') {
    throw new ServiceError(422, 'channel_not_offered', PAYMENT_MESSAGES.installerOnly, {
      channelGroup: [PAYMENT_MESSAGES.installerOnly],
    })
  }
  if (request.paymentMethod && !group.paymentMethods.some((m) => m.code === request.paymentMethod)) {
    throw new ServiceError(422, 'invalid_input', PAYMENT_MESSAGES.methodNotInGroup, {
      paymentMethod: [PAYMENT_MESSAGES.methodNotInGroup],
    })
  }
  const { amountDue, dueDate } = await amountDueCentavos(ctx, request.accountNumber)
  const limits = amountLimits(amountDue)
  const amount = request.amount === undefined ? amountDue : centavos(request.amount)
  if (amount < limits.minimumCentavos) {
    const message = PAYMENT_MESSAGES.amountTooSmall(limits.minimumCentavos)
    throw new ServiceError(422, 'amount_out_of_range', message, { amount: [message] })
  }
  if (amount > limits.maximumCentavos) {
    const message = PAYMENT_MESSAGES.amountTooLarge(limits.maximumCentavos)
    throw new ServiceError(422, 'amount_out_of_range', message, { amount: [message] })
  }
  return { group, amountDue, dueDate, amount, serviceCharge: group.serviceChargeCentavos, limits }
}

/** spec 7: methods and channels; spec 5: forceHidePaymentOptions. */
export function channelMethods(settings: PaymentsSettings): {
  forceHidePaymentOptions: boolean
  channelGroups: ChannelGroupView[]
} {
  return {
    forceHidePaymentOptions: settings.forceHidePaymentOptions === 'true',
    channelGroups: offeredGroups(settings.forceHidePaymentOptions).map((group) => ({
      name: group.name,
      kind: group.kind,
      paymentMethods: group.paymentMethods.map((m) => ({ ...m })),
      serviceCharge: pesos(group.serviceChargeCentavos),
      postingTime: group.postingTime,
      notes: [...group.notes],
    })),
  }
}

/** The amount due: the holder's name in full for the signed-in owner, masked for a guest (nothing else). */
export async function amountDueFor(
  ctx: PaymentsContext,
  accountNumber: string,
  caller: Caller | null,
  client?: GuestClient,
) {
  const account = await payableAccount(ctx, accountNumber, caller, client)
  const { amountDue, dueDate } = await amountDueCentavos(ctx, accountNumber)
  const limits = amountLimits(amountDue)
  const common = {
    accountNumber,
    amountDue: pesos(amountDue),
    minimum: pesos(limits.minimumCentavos),
    maximum: pesos(limits.maximumCentavos),
  }
  return caller
    ? { ...common, holderName: account.holderName, maskedHolderName: maskName(account.holderName), dueDate }
    : { ...common, holderName: null, maskedHolderName: maskName(account.holderName), dueDate: null }
}

/** What a payment would be, before paying (spec 9: the internet banking charge shown first). */
export async function quote(
  ctx: PaymentsContext,
  request: PaymentRequest,
  caller: Caller | null,
  client?: GuestClient,
): Promise<Quote> {
  await payableAccount(ctx, request.accountNumber, caller, client)
  const priced = await price(ctx, request)
  return {
    accountNumber: request.accountNumber,
    channelGroup: priced.group.name,
    amountDue: pesos(priced.amountDue),
    amount: pesos(priced.amount),
    serviceCharge: pesos(priced.serviceCharge),
    total: pesos(priced.amount + priced.serviceCharge),
    minimum: pesos(priced.limits.minimumCentavos),
    maximum: pesos(priced.limits.maximumCentavos),
  }
}
