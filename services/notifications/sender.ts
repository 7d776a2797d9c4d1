/**
 * Delivery of outbox messages to the outside world (docs/architecture.md, 9). SMTP through
 * nodemailer when SMTP_URL is set; without a sender, messages stay in the outbox for
 * the dev mailbox. An SMS provider would be a second implementation of this interface.
 */
import nodemailer from 'nodemailer'

/** A file sent with an email, its bytes in base64 (kept in the outbox row until delivered). */
export type MessageAttachment = { fileName: string; contentType: string; contentBase64: string }

export type OutgoingMessage = {
  channel: 'email' | 'sms'
  recipient: string
  subject: string
  body: string
  attachments?: MessageAttachment[] | null
}

export interface MessageSender {
  /** Which channels it can deliver; other messages stay pending. */
  readonly channels: readonly OutgoingMessage['channel'][]
  /** Resolves when the message was accepted for delivery; rejects otherwise. */
  send(message: OutgoingMessage): Promise<void>
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
