/**
 * The payments service's refusals (spec 8's where it has one), in one place: every part of the
 * service answers with them, and the portal shows them as they come.
 */
import { formatPesos } from '../../lib/pesos.ts'

export const PAYMENT_MESSAGES = {
  // spec 8
  unableToProcess: 'Unable to process payment! Please try other payment channels.',
  notAuthorised: 'Sorry, you are not authorized for the selected action.',
  accountNotFound: 'We could not find a fibre account with that number.',
  notFound: 'No such payment.',
  channelNotOffered: 'This payment channel is not available. Please choose another.',
  installerOnly: 'Pay via installer is for new applications: pay the installer in cash at installation.',
  methodNotInGroup: 'Choose a payment method of the channel you picked.',
  amountTooSmall: (minimum: number) => `The smallest payment is ${formatPesos(minimum / 100)}.`,
  amountTooLarge: (maximum: number) => `You can pay at most ${formatPesos(maximum / 100)} now.`,
  tooManyGuestCalls: 'Too many tries. Please try again in 15 minutes.',
  referenceNotPayable: 'This payment reference can no longer be paid.',
  initiationKeyReused: 'This form was already sent for another payment.',
} as const
