/** The emails of an application's compliance and verification (issue 10; spec 7: purposes ForCompliance and OTP_ForCompliance). */
import { CATEGORY_LABELS, type DocumentCategory } from '../../lib/application-status.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'

function link(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString()
}

/** ForCompliance: the rejected categories and the single-use link to send them again. */
export function complianceEmail(options: {
  productName: string
  publicUrl: string
  to: string
  referenceNo: string
  token: string
  expiresInHours: number
  rejections: { category: DocumentCategory; reason: string }[]
}): OutgoingMessage {
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Documents needed for your application ${options.referenceNo}`,
    body: [
      'Hello,',
      '',
      `We reviewed the documents of your application ${options.referenceNo} and need the following again:`,
      ...options.rejections.map((r) => `- ${CATEGORY_LABELS[r.category]}: ${r.reason}`),
      '',
      `Send them here (the link works once, within ${options.expiresInHours} hours; we will email you a code to confirm it is you):`,
      link(options.publicUrl, `compliance/${options.token}`),
      '',
      options.productName,
    ].join('\n'),
  }
}

/** OTP_ForCompliance: the one-time code. */
export function complianceCodeEmail(options: {
  productName: string
  to: string
  referenceNo: string
  code: string
  expiresInMinutes: number
}): OutgoingMessage {
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Your ${options.productName} code: ${options.code}`,
    body: [
      `Your code for the documents of application ${options.referenceNo} is ${options.code}.`,
      `It works for ${options.expiresInMinutes} minutes. If you did not ask for it, ignore this email.`,
      '',
      options.productName,
    ].join('\n'),
  }
}

/** The application's email verification link (spec 4: OO or CVG, by the reference's service). */
export function applicationVerificationEmail(options: {
  productName: string
  publicUrl: string
  to: string
  referenceNo: string
  id: string
  expiresInHours: number
}): OutgoingMessage {
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Verify your email for application ${options.referenceNo}`,
    body: [
      'Hello,',
      '',
      `Please confirm this email address for your application ${options.referenceNo} (the link works once, within ${options.expiresInHours} hours):`,
      link(options.publicUrl, `verifyEmail/${options.id}`),
      '',
      options.productName,
    ].join('\n'),
  }
}
