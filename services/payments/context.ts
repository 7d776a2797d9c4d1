/**
 * What each part of the payments service is handed. createPaymentsService (service.ts) makes
 * it once: the settings read once, billing's view of the account, and the one delivery queue
 * of the outbox that every part queueing a receipt kicks.
 */
import type { BillingService } from '../billing/service.ts'
import type { ServiceDeps, ServiceSettings } from '../context.ts'
import type { DeliveryQueue } from '../notifications/outbox.ts'
import type { PaymentGateway } from './payment-gateway.ts'

export type PaymentsSettings = {
  /** spec 5: FORCE_HIDE_PAYMENT_OPTIONS, compared as a string. */
  forceHidePaymentOptions: string
  /**
   * Guest calls allowed in GUEST_WINDOW_MINUTES: per account number from unknown browsers (and
   * per browser trusted with the account), and per client address from unknown browsers.
   */
  guestCallsPerAccount: number
  guestCallsPerAddress: number
}

export type PaymentsDeps = ServiceDeps & { gateway: PaymentGateway; payments: PaymentsSettings }

export type PaymentsContext = {
  deps: PaymentsDeps
  /** settingsOf(deps). */
  settings: ServiceSettings
  billing: BillingService
  delivery: DeliveryQueue
}
