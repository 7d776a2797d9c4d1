/**
 * Delivery of outbox messages to the outside world (docs/architecture.md, 9). SMTP through
 * nodemailer when SMTP_URL is set, SMS through the transport SMS_TRANSPORT names
 * (./sms/: SMPP or Semaphore's HTTP API); a channel without a sender keeps its messages in
 * the outbox for the dev mailbox. `combineSenders` makes the one sender the services are
 * handed (ServiceDeps.sender) from the email one and the SMS one.
 */
import nodemailer from 'nodemailer'
import type { MessageSender, OutgoingMessage } from '../context.ts'

// The message and the sender's interface are declared with what every service is handed
// (ServiceDeps.sender), and named here too for the services that write messages.
export type { DeliveryReport, MessageAttachment, MessageSender, OutgoingMessage } from '../context.ts'

/**
 * The provider refused the recipient for good (an invalid or barred number): the message is
 * not tried again, and the row records the number as undeliverable. The message says why,
 * without the number.
 */
export class RecipientUnreachable extends Error {
  override name = 'RecipientUnreachable'
}

/** One sender for every channel one of `senders` delivers (the first that takes a channel sends it). */
export function combineSenders(...senders: Array<MessageSender | undefined>): MessageSender | undefined {
  const present = senders.filter((sender): sender is MessageSender => sender !== undefined)
  if (present.length <= 1) return present[0]
  const byChannel = new Map<OutgoingMessage['channel'], MessageSender>()
  for (const sender of present)
    for (const channel of sender.channels) if (!byChannel.has(channel)) byChannel.set(channel, sender)
  return {
    channels: [...byChannel.keys()],
    send(message) {
      const sender = byChannel.get(message.channel)
      if (!sender) return Promise.reject(new Error(`no sender for the ${message.channel} channel`))
      return sender.send(message)
    },
    // SMS alone have receipts to ask for (the SMS sender's, when it asks).
    ...(byChannel.get('sms')?.deliveryOf ? { deliveryOf: (id: string) => byChannel.get('sms')!.deliveryOf!(id) } : {}),
    async close() {
      await Promise.all(present.map((sender) => sender.close?.()))
    },
  }
}

export function createSmtpSender(options: { url: string; from: string }): MessageSender {
  const transport = nodemailer.createTransport({
    url: options.url,
    // Bounded, so a stalled mail server cannot hold delivery forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    channels: ['email'],
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        attachments: message.attachments?.map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: Buffer.from(file.contentBase64, 'base64'),
        })),
      })
    },
  }
}
