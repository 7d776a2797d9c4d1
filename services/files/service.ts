/**
 * The files service (issue 10; spec 3, 4, 5; docs/decisions/0031): a draft's uploadedDocuments.
 * Every call names the draft in the x-draft-id header (as the cart does); a file of another
 * draft answers as an unknown one. An upload is a streamed body checked while it streams
 * to storage: at most 5 MB, a JPEG or a PDF by its first bytes, the SHA-256 the portal
 * signed; at most 12 files a draft. A refused upload leaves nothing stored. The checklist
 * says which categories the application needs (requirements.ts) and which are met.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  MAX_FILE_BYTES,
  MAX_FILES,
  STORED_CONTENT_TYPES,
  UPLOAD_MESSAGES,
  sniffStoredType,
  subCategoriesOf,
  type BusinessType,
  type Checklist,
  type DocumentCategory,
  type FileEntry,
  type StoredType,
} from '../../lib/documents.ts'
import { isWholeDocument } from '../../lib/document-content.ts'
import { usableSections } from '../../lib/draft-sections.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { createDraftService, draftNotFound, hashDraftId, noLiveDraft } from '../drafts/service.ts'
import { ServiceError } from '../errors.ts'
import {
  categoryNotOpen,
  createTrackingService,
  type ComplianceView,
  type SalesPartner,
} from '../applications/tracking.ts'
import { createOrderService } from '../orders/service.ts'
import { localStorage } from '../storage/local.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { checkRequirements } from './requirements.ts'
import { uploadedDocuments } from './tables.ts'

export type UploadMeta = {
  category: DocumentCategory
  subCategory: string | null
  fileName: string
  type: StoredType
  size: number
  sha256: string
}

type Row = typeof uploadedDocuments.$inferSelect

/** An application's document as the sales area sees it: with the sales partner flag (issue 13 item 4). */
export type ApplicationFileEntry = FileEntry & {
  /** Sent again by a sales agent or admin on the customer's behalf. */
  salesPartner: boolean
  /** That agent's code (null for the customer, or an admin without one). */
  uploadedByAgentCode: string | null
}

const PURGE_BATCH = 50

export function fileNotFound() {
  return new ServiceError(404, 'file_not_found', UPLOAD_MESSAGES.notFound)
}

function entryOf(row: Row): FileEntry {
  return {
    id: row.id,
    category: row.category as DocumentCategory,
    subCategory: row.subCategory,
    fileName: row.fileName,
    type: row.type,
    size: row.size,
    uploaded: true,
    complianceReason: row.complianceReason,
    uploadedAt: row.uploadedAt.toISOString(),
  }
}

function applicationEntryOf(row: Row): ApplicationFileEntry {
  return {
    ...entryOf(row),
    salesPartner: row.uploadedBySalesUserId !== null,
    uploadedByAgentCode: row.uploadedByAgentCode,
  }
}

/** Why a stream was stopped; turned into the answer once the stored part is gone. */
class StreamRefusal extends Error {
  constructor(readonly refusal: ServiceError) {
    super(refusal.message)
  }
}

/**
 * Counts, sniffs and hashes the bytes on their way to storage; stops the stream on the first
 * broken rule. The bytes (at most 5 MB) are also kept until the end, where the whole file must
 * decode as a JPEG or parse as a PDF (lib/document-content.ts, the portal's own check): the
 * last chunk reaches storage only after that, so a damaged file is never stored.
 */
class UploadCheck extends Transform {
  size = 0
  private head = Buffer.alloc(0)
  private hash = crypto.createHash('sha256')
  private chunks: Buffer[] = []
  private held: Buffer | undefined
  constructor(private expectedType: StoredType) {
    super()
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length
    if (this.size > MAX_FILE_BYTES) {
      return done(
        new StreamRefusal(
          new ServiceError(413, 'file_too_large', UPLOAD_MESSAGES.tooLarge, { file: [UPLOAD_MESSAGES.tooLarge] }),
        ),
      )
    }
    if (this.head.length < 8) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, 8 - this.head.length)])
      if (this.head.length >= 5 && sniffStoredType(this.head) !== this.expectedType) return done(wrongType())
    }
    this.hash.update(chunk)
    this.chunks.push(chunk)
    // One chunk behind: the last one is passed on in _flush, once the whole file is checked.
    const previous = this.held
    this.held = chunk
    done(null, previous)
  }
  override _flush(done: TransformCallback) {
    if (sniffStoredType(this.head) !== this.expectedType) return done(wrongType())
    const whole = Buffer.concat(this.chunks)
    this.chunks = []
    isWholeDocument(whole, this.expectedType).then(
      (ok) => (ok ? done(null, this.held) : done(damaged())),
      (error: Error) => done(error),
    )
  }
  digest() {
    return this.hash.digest('hex')
  }
}

function damaged() {
  return new StreamRefusal(
    new ServiceError(422, 'damaged_file', UPLOAD_MESSAGES.damaged, { file: [UPLOAD_MESSAGES.damaged] }),
  )
}

function wrongType() {
  return new StreamRefusal(
    new ServiceError(415, 'unsupported_type', UPLOAD_MESSAGES.wrongType, { file: [UPLOAD_MESSAGES.wrongType] }),
  )
}

/** The checks made before a byte is read: the sub-category the category takes, and the declared size. */
function checkMeta(meta: UploadMeta, businessType: BusinessType | null) {
  const allowed = subCategoriesOf(meta.category, businessType)
  const subCategoryOk = allowed.length === 0 ? meta.subCategory === null : allowed.includes(meta.subCategory ?? '')
  if (!subCategoryOk) {
    throw new ServiceError(400, 'invalid_input', 'Please choose which document this is.', {
      subCategory: ['Please choose which document this is.'],
    })
  }
  if (meta.size > MAX_FILE_BYTES) {
    throw new ServiceError(413, 'file_too_large', UPLOAD_MESSAGES.tooLarge, { file: [UPLOAD_MESSAGES.tooLarge] })
  }
}

/**
 * A stored file's row: its draft's, or (sent again for compliance) its application's, with the
 * sales partner who sent it, if one did.
 */
function newRow(
  id: string,
  storageKey: string,
  meta: UploadMeta,
  owner: { draftIdHash: string | null; applicationId: string | null },
  uploadedAt: Date,
  by: SalesPartner | null = null,
) {
  return {
    id,
    ...owner,
    ...meta,
    storageKey,
    complianceReason: null,
    uploadedAt,
    uploadedBySalesUserId: by?.userId ?? null,
    uploadedByAgentCode: by?.agentCode ?? null,
  }
}

let fallbackStorage: ObjectStorage | undefined

export type FileService = ReturnType<typeof createFileService>

/** A re-keyed draft's documents follow it (services/drafts, rekeyAgentDraft), in the caller's transaction. */
export async function moveDraftDocuments(db: Executor, fromIdHash: string, toIdHash: string): Promise<void> {
  await db
    .update(uploadedDocuments)
    .set({ draftIdHash: toIdHash })
    .where(and(eq(uploadedDocuments.draftIdHash, fromIdHash), isNull(uploadedDocuments.applicationId)))
}

export function createFileService(deps: ServiceDeps) {
  const storage =
    deps.storage ?? (fallbackStorage ??= localStorage(path.join(os.tmpdir(), `portal-files-${process.pid}`)))
  const drafts = createDraftService(deps)
  const orders = createOrderService(deps)
  const tracking = createTrackingService(deps)

  async function liveSections(draftId: string) {
    const stored = await drafts.sectionsFor(draftId)
    if (!stored) throw draftNotFound()
    return usableSections(stored)
  }

  async function rows(draftId: string): Promise<Row[]> {
    return deps.db
      .select()
      .from(uploadedDocuments)
      .where(eq(uploadedDocuments.draftIdHash, hashDraftId(draftId)))
      .orderBy(asc(uploadedDocuments.uploadedAt), asc(uploadedDocuments.id))
  }

  async function ownRow(draftId: string, fileId: string): Promise<Row> {
    const [row] = await deps.db
      .select()
      .from(uploadedDocuments)
      .where(and(eq(uploadedDocuments.id, fileId), eq(uploadedDocuments.draftIdHash, hashDraftId(draftId))))
    if (!row) throw fileNotFound()
    return row
  }

  /**
   * Removes up to PURGE_BATCH files left by drafts that ended without an application (the
   * draft expired or was purged): nobody can open them any more, and they hold personal
   * documents. Runs with every upload, as the drafts' own purge runs with every new draft.
   */
  async function purgeAbandoned(now: Date): Promise<number> {
    const abandoned = deps.db
      .select({ id: uploadedDocuments.id })
      .from(uploadedDocuments)
      .where(and(isNull(uploadedDocuments.applicationId), noLiveDraft(deps.db, uploadedDocuments.draftIdHash, now)))
      .limit(PURGE_BATCH)
    const removed = await deps.db
      .delete(uploadedDocuments)
      .where(inArray(uploadedDocuments.id, abandoned))
      .returning({ storageKey: uploadedDocuments.storageKey })
    for (const { storageKey } of removed) await storage.delete(storageKey).catch(() => undefined)
    return removed.length
  }

  /**
   * Streams one file to storage under a generated key, checking the size, the type by its
   * first bytes and, at the end, the signed SHA-256; a refused file leaves nothing stored.
   */
  async function store(meta: UploadMeta, body: WebReadableStream<Uint8Array>) {
    const id = crypto.randomUUID()
    const storageKey = `documents/${crypto.randomUUID()}`
    const check = new UploadCheck(meta.type)
    // pipeline: an error on either side destroys both, and every error has its listener.
    const feeding = pipeline(Readable.fromWeb(body), check).catch(() => undefined)
    try {
      await storage.put(storageKey, check, {
        contentType: STORED_CONTENT_TYPES[meta.type],
        size: meta.size,
      })
    } catch (error) {
      await feeding
      await storage.delete(storageKey).catch(() => undefined)
      if (error instanceof StreamRefusal) throw error.refusal
      const cause = check.errored ?? (error as Error)
      if (cause instanceof StreamRefusal) throw cause.refusal
      throw error
    }
    if (check.size !== meta.size || check.digest() !== meta.sha256) {
      await storage.delete(storageKey)
      throw new ServiceError(400, 'content_mismatch', UPLOAD_MESSAGES.failed)
    }
    return { id, storageKey }
  }

  /**
   * A rejected category's document sent again, for an application whose compliance view the
   * caller has already earned (the applicant's session, or the sales scope): only for a
   * category still open, with the same checks as any upload. The file belongs to the
   * application; the category closes, and with the last one the application goes back to
   * documents in review.
   */
  async function sendAgain(
    view: ComplianceView,
    meta: UploadMeta,
    body: WebReadableStream<Uint8Array> | null,
    by: SalesPartner | null,
  ): Promise<{ row: Row; view: ComplianceView }> {
    if (!view.openCategories.some((open) => open.category === meta.category)) throw categoryNotOpen()
    checkMeta(meta, null)
    if (!body) throw new ServiceError(400, 'invalid_input', UPLOAD_MESSAGES.empty, { file: [UPLOAD_MESSAGES.empty] })
    const { id, storageKey } = await store(meta, body)
    const owner = { draftIdHash: null, applicationId: view.applicationId }
    try {
      return await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(uploadedDocuments)
          .values(newRow(id, storageKey, meta, owner, deps.now(), by))
          .returning()
        // In the same transaction: a category closed by a parallel upload rolls this one back.
        const after = await tracking.resolveCategory(view.applicationId, meta.category, tx, by ?? undefined)
        return { row: row!, view: after }
      })
    } catch (error) {
      await storage.delete(storageKey).catch(() => undefined)
      throw error
    }
  }

  return {
    async list(draftId: string): Promise<FileEntry[]> {
      await liveSections(draftId)
      return (await rows(draftId)).map(entryOf)
    },

    /**
     * Stores one streamed file. Checked before a byte is read: the draft, the category and
     * sub-category, the name, the declared size and the count; while streaming: the size,
     * the type by content and, at the end, the signed SHA-256. A second copy of a file
     * already in the category answers 417 (spec 4: the skip), storing nothing.
     */
    async upload(draftId: string, meta: UploadMeta, body: WebReadableStream<Uint8Array> | null): Promise<FileEntry> {
      const sections = await liveSections(draftId)
      await purgeAbandoned(deps.now())
      checkMeta(meta, sections.documents?.businessType ?? null)
      const idHash = hashDraftId(draftId)
      const existing = await rows(draftId)
      if (existing.length >= MAX_FILES) {
        throw new ServiceError(409, 'too_many_files', UPLOAD_MESSAGES.tooMany, { file: [UPLOAD_MESSAGES.tooMany] })
      }
      if (existing.some((row) => row.sha256 === meta.sha256 && row.category === meta.category)) {
        throw new ServiceError(417, 'already_uploaded', 'This file is already uploaded.')
      }
      if (!body) throw new ServiceError(400, 'invalid_input', UPLOAD_MESSAGES.empty, { file: [UPLOAD_MESSAGES.empty] })

      const { id, storageKey } = await store(meta, body)
      try {
        const row = await deps.db.transaction(async (tx) => {
          // One upload at a time per draft from here on, so two at once cannot make a 13th file.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${idHash}))`)
          const [{ n }] = (await tx
            .select({ n: count() })
            .from(uploadedDocuments)
            .where(eq(uploadedDocuments.draftIdHash, idHash))) as [{ n: number }]
          if (n >= MAX_FILES) {
            throw new ServiceError(409, 'too_many_files', UPLOAD_MESSAGES.tooMany, { file: [UPLOAD_MESSAGES.tooMany] })
          }
          const [inserted] = await tx
            .insert(uploadedDocuments)
            .values(newRow(id, storageKey, meta, { draftIdHash: idHash, applicationId: null }, deps.now()))
            .returning()
          return inserted!
        })
        return entryOf(row)
      } catch (error) {
        await storage.delete(storageKey).catch(() => undefined)
        throw error
      }
    },

    /**
     * A document sent again from the compliance page (issue 10 part 4; spec 4, compliance
     * validation): only with the compliance session the emailed link's code opened (tracking.ts).
     */
    async complianceUpload(
      token: string,
      sessionToken: string,
      meta: UploadMeta,
      body: WebReadableStream<Uint8Array> | null,
    ): Promise<{ entry: FileEntry; view: ComplianceView }> {
      const { row, view } = await sendAgain(await tracking.complianceBySession(token, sessionToken), meta, body, null)
      return { entry: entryOf(row), view }
    },

    /**
     * The same, sent by a sales agent or admin on the customer's behalf (issue 13 item 4), for
     * the sales service, which has checked that the caller answers for the application. The
     * file carries the sales partner flag and the timeline a note.
     */
    async salesComplianceUpload(
      applicationId: string,
      by: SalesPartner,
      meta: UploadMeta,
      body: WebReadableStream<Uint8Array> | null,
    ): Promise<{ entry: ApplicationFileEntry; view: ComplianceView }> {
      const { row, view } = await sendAgain(await tracking.compliance(applicationId), meta, body, by)
      return { entry: applicationEntryOf(row), view }
    },

    purgeAbandoned,

    /** The file's entry and bytes, for its own draft only. */
    async open(draftId: string, fileId: string): Promise<{ entry: FileEntry; body: Readable }> {
      await liveSections(draftId)
      const row = await ownRow(draftId, fileId)
      const body = await storage.get(row.storageKey)
      if (!body) throw fileNotFound()
      return { entry: entryOf(row), body }
    },

    /**
     * An application's documents (its draft's, bound at submission, and the compliance page's),
     * for the sales service, which has checked that the caller answers for the application (issue 13).
     */
    async applicationFiles(applicationId: string): Promise<ApplicationFileEntry[]> {
      const found = await deps.db
        .select()
        .from(uploadedDocuments)
        .where(eq(uploadedDocuments.applicationId, applicationId))
        .orderBy(asc(uploadedDocuments.uploadedAt), asc(uploadedDocuments.id))
      return found.map(applicationEntryOf)
    },

    /** One of an application's documents with its bytes (the same check as applicationFiles). */
    async openApplicationFile(applicationId: string, fileId: string): Promise<{ entry: FileEntry; body: Readable }> {
      const [row] = await deps.db
        .select()
        .from(uploadedDocuments)
        .where(and(eq(uploadedDocuments.id, fileId), eq(uploadedDocuments.applicationId, applicationId)))
      if (!row) throw fileNotFound()
      const body = await storage.get(row.storageKey)
      if (!body) throw fileNotFound()
      return { entry: entryOf(row), body }
    },

    /** spec 4: delete, then the refreshed list. */
    async remove(draftId: string, fileId: string): Promise<FileEntry[]> {
      await liveSections(draftId)
      const row = await ownRow(draftId, fileId)
      await deps.db.delete(uploadedDocuments).where(eq(uploadedDocuments.id, row.id))
      await storage.delete(row.storageKey)
      return (await rows(draftId)).map(entryOf)
    },

    /** What the application needs and what is met (the review step's check before submission). */
    async checklist(draftId: string): Promise<Checklist> {
      const sections = await liveSections(draftId)
      const customerType = sections.customerCategory?.category === 'SME' ? 'SME' : 'RES'
      const businessType: BusinessType | null =
        customerType === 'SME' ? (sections.documents?.businessType ?? null) : null
      const cart = await orders.readByDraft(draftId)
      const plan = cart?.cartItems.find((item) => item.productType === 'MAINLINE') ?? null
      const files = await rows(draftId)
      const input = { monthlyFee: plan?.monthlyFee ?? null, customerType, businessType } as const
      const result = checkRequirements(input, settingsOf(deps).documentThresholds, files)
      return {
        customerType,
        businessType,
        businessTypeNeeded: result.businessTypeNeeded,
        monthlyFee: input.monthlyFee,
        requirements: result.requirements,
        fileCount: files.length,
        maxFiles: MAX_FILES,
        complete: result.complete,
      }
    },
  }
}
