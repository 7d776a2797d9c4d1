/**
 * The SMS sender SMS_TRANSPORT names (docs/configuration.md, SMS): none for `outbox` (SMS stay
 * in the outbox, where the dev mailbox reads them), SMPP, or Semaphore's HTTP API.
 */
import type { Logger } from 'pino'
import type { Config } from '../../../lib/env.ts'
import type { MessageSender } from '../../context.ts'
import type { ReceiptOutcome } from '../outbox.ts'
import { createSemaphoreSender } from './semaphore.ts'
import { createSmppSender } from './smpp.ts'

type SmsConfig = Pick<
  Config,
  | 'SMS_TRANSPORT'
  | 'SMS_SENDER_ID'
  | 'SMPP_URL'
  | 'SMPP_SYSTEM_ID'
  | 'SMPP_PASSWORD'
  | 'SMPP_SYSTEM_TYPE'
  | 'SMPP_BIND'
  | 'SMPP_ENQUIRE_LINK_SECONDS'
  | 'SEMAPHORE_API_KEY'
  | 'SEMAPHORE_API_URL'
>

export function smsSenderFromConfig(
  config: SmsConfig,
  options: { logger: Logger; onReceipt: (providerMessageId: string, outcome: ReceiptOutcome) => Promise<boolean> },
): MessageSender | undefined {
  // lib/env.ts refuses a transport without its settings, so the `!`s hold.
  switch (config.SMS_TRANSPORT) {
    case 'smpp':
      return createSmppSender({
        url: config.SMPP_URL!,
        systemId: config.SMPP_SYSTEM_ID!,
        password: config.SMPP_PASSWORD!,
        systemType: config.SMPP_SYSTEM_TYPE,
        bind: config.SMPP_BIND,
        senderId: config.SMS_SENDER_ID!,
        enquireLinkMs: config.SMPP_ENQUIRE_LINK_SECONDS * 1000,
        logger: options.logger,
        onReceipt: options.onReceipt,
      })
    case 'semaphore':
      return createSemaphoreSender({
        apiKey: config.SEMAPHORE_API_KEY!,
        url: config.SEMAPHORE_API_URL,
        senderId: config.SMS_SENDER_ID!,
      })
    default:
      return undefined
  }
}
