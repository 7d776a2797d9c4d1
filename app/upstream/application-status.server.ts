/**
 * The portal's status, compliance and verification calls (issue 10 parts 3 and 4; spec 7:
 * email purposes ForCompliance and OTP_ForCompliance; docs/decisions/0033). The reference
 * and the applicant's email or mobile travel in signed bodies, never in upstream paths.
 * A refusal is an UpstreamError (rejected) with the service's status and message.
 */
import { z } from 'zod'
import { ApplicationStatusSchema, DocumentCategorySchema, type VerificationKind } from '../../lib/application-status'
import { FileEntrySchema, STORED_CONTENT_TYPES } from '../../lib/documents'
import type { UpstreamClient } from './client.server'
import type { FileToSend } from './files.server'
import { envelope } from './envelope'

const RejectionSchema = z.object({ category: DocumentCategorySchema, reason: z.string().min(1) })

export const StatusViewSchema = z.object({
  referenceNo: z.string().min(1),
  status: ApplicationStatusSchema,
  customerSegment: z.enum(['Residential', 'SME']),
  planName: z.string(),
  appointment: z.string(),
  timeline: z.array(
    z.object({ status: ApplicationStatusSchema, at: z.iso.datetime({ offset: true }), reason: z.string().nullable() }),
  ),
  rejections: z.array(RejectionSchema),
  /** The address the applicant proved (masked) and when (issue 33); null until then. */
  emailVerified: z.object({ address: z.string().min(1).max(400), at: z.iso.datetime({ offset: true }) }).nullable(),
})
export type StatusView = z.infer<typeof StatusViewSchema>

export const ComplianceViewSchema = z.object({
  applicationId: z.string().min(1),
  referenceNo: z.string().min(1),
  status: ApplicationStatusSchema,
  openCategories: z.array(RejectionSchema),
})
export type ComplianceView = z.infer<typeof ComplianceViewSchema>

export function applicationStatusCalls(client: UpstreamClient) {
  return {
    lookup: (referenceNo: string, identifier: string, clientAddress?: string) =>
      client.call({
        name: 'applications.status',
        method: 'POST',
        path: '/v1/applications/status',
        body: { referenceNo, identifier },
        clientAddress,
        schema: envelope(StatusViewSchema),
      }),
    resendComplianceLink: (referenceNo: string, identifier: string, clientAddress?: string) =>
      client.call({
        name: 'applications.complianceEmail',
        method: 'POST',
        path: '/v1/applications/compliance-email',
        body: { referenceNo, identifier },
        clientAddress,
        schema: envelope(z.object({ sent: z.literal(true) })),
      }),
    sendCode: (token: string) =>
      client.call({
        name: 'compliance.sendCode',
        method: 'POST',
        path: '/v1/compliance/otp',
        body: { token },
        schema: envelope(z.object({ maskedEmail: z.string().min(1), expiresAt: z.iso.datetime({ offset: true }) })),
      }),
    verifyCode: (token: string, code: string) =>
      client.call({
        name: 'compliance.verifyCode',
        method: 'POST',
        path: '/v1/compliance/otp/verify',
        body: { token, code },
        schema: envelope(
          z.object({
            sessionToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
            expiresAt: z.iso.datetime({ offset: true }),
          }),
        ),
      }),
    complianceBySession: (token: string, sessionToken: string) =>
      client.call({
        name: 'compliance.session',
        method: 'POST',
        path: '/v1/compliance/session',
        body: { token, sessionToken },
        schema: envelope(ComplianceViewSchema),
      }),
    /**
     * A rejected category's document sent again, streamed (issue 10 part 4): the link's token
     * and the session its code opened go as headers, so the files service checks both. spec 5:
     * it counts only on an answer whose status is exactly true.
     */
    complianceUpload: (token: string, sessionToken: string, file: FileToSend) =>
      client.sendStream({
        name: 'compliance.upload',
        path: '/v1/compliance/files',
        query: {
          category: file.category,
          subCategory: file.subCategory ?? undefined,
          fileName: file.fileName,
          type: file.type,
        },
        headers: { 'x-compliance-token': token, 'x-compliance-session': sessionToken },
        body: file.body,
        size: file.size,
        sha256: file.sha256,
        contentType: STORED_CONTENT_TYPES[file.type],
        schema: z
          .object({
            status: z.literal(true),
            data: z.object({ file: FileEntrySchema, compliance: ComplianceViewSchema }),
          })
          .transform((answer) => answer.data),
      }),
    verifyEmail: (kind: VerificationKind, token: string) =>
      client.call({
        name: `applications.verifyEmail.${kind}`,
        method: 'PATCH',
        path: `/v1/applications/verify-email/${kind.toLowerCase()}`,
        body: { token },
        schema: envelope(z.object({ referenceNo: z.string().min(1) })),
      }),
  }
}
