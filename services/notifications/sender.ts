/**
 * Delivery of outbox messages to the outside world (docs/architecture.md, 9). SMTP through
 * nodemailer when SMTP_URL is set; without a sender, messages stay in the outbox for
 * the dev mailbox. An SMS provider would be a second implementation of this interface.
 */
import nodemailer from 'nodemailer'
import type { MessageSender } from '../context.ts'

// The message and the sender's interface are declared with what every service is handed
// (ServiceDeps.sender), and named here too for the services that write messages.
export type { MessageAttachment, MessageSender, OutgoingMessage } from '../context.ts'

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
