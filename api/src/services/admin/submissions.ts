import { messages } from '@studio/shared/messages';
import type { adminSubmissionsQuerySchema } from '@studio/shared/schemas/admin';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { projectSubmissions, submissionFiles } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Storage } from '../../storage/storage.ts';
import { likePattern } from '../users/list-users.ts';

export async function listSubmissions({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminSubmissionsQuerySchema>;
}) {
  const filters: SQL[] = [];
  if (query.paymentState) filters.push(eq(projectSubmissions.paymentState, query.paymentState));
  if (query.q) {
    const p = likePattern(query.q);
    const match = or(ilike(projectSubmissions.name, p), ilike(projectSubmissions.email, p));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: projectSubmissions.id,
        name: projectSubmissions.name,
        email: projectSubmissions.email,
        paymentState: projectSubmissions.paymentState,
        createdAt: projectSubmissions.createdAt,
        paidAt: projectSubmissions.paidAt,
        service: services.title,
        serviceSku: services.sku,
        fileCount: sql<number>`(select count(*)::int from submission_files f where f.submission_id = ${projectSubmissions.id})`,
      })
      .from(projectSubmissions)
      .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
      .where(where)
      .orderBy(desc(projectSubmissions.createdAt), desc(projectSubmissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(projectSubmissions).where(where),
  ]);
  return {
    submissions: rows,
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getSubmission({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', messages.payments.submissionNotFound);
  const [row] = await db
    .select({ submission: projectSubmissions, service: services })
    .from(projectSubmissions)
    .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
    .where(eq(projectSubmissions.id, id));
  if (!row) throw new ApiError('NOT_FOUND', messages.payments.submissionNotFound);
  const [files, paid] = await Promise.all([
    db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, id))
      .orderBy(asc(submissionFiles.createdAt)),
    db
      .select()
      .from(payments)
      .where(eq(payments.submissionId, id))
      .orderBy(desc(payments.createdAt)),
  ]);
  const history = paid.length
    ? await db
        .select()
        .from(paymentEvents)
        .where(
          inArray(
            paymentEvents.paymentId,
            paid.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentEvents.createdAt))
    : [];
  return {
    submission: {
      ...row.submission,
      service: { id: row.service.id, title: row.service.title, sku: row.service.sku },
    },
    files: files.map((f) => ({
      id: f.id,
      originalName: f.originalName,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      downloadUrl: `/api/admin/submissions/${id}/files/${f.id}`,
    })),
    payments: paid.map((p) => ({
      id: p.id,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      amountBaseUnits: p.amountBaseUnits,
      currency: p.currency,
      externalId: p.externalId,
      failureReason: p.failureReason,
      createdAt: p.createdAt,
      confirmedAt: p.confirmedAt,
      history: history
        .filter((e) => e.paymentId === p.id)
        .map((e) => ({
          from: e.fromStatus,
          to: e.toStatus,
          source: e.source,
          at: e.createdAt,
          detail: e.detail,
        })),
    })),
  };
}

/** A project file for an admin: the stored stream, with the visitor's name as the download name. */
export async function openSubmissionFile({
  db,
  storage,
  id,
  fileId,
}: {
  db: Db;
  storage: Storage;
  id: string;
  fileId: string;
}) {
  if (!isUuid(id) || !isUuid(fileId)) throw new ApiError('NOT_FOUND', 'File not found');
  const [file] = await db
    .select()
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, id)));
  if (!file) throw new ApiError('NOT_FOUND', 'File not found');
  const stored = await storage.get(file.storageKey).catch(() => {
    throw new ApiError('NOT_FOUND', 'File not found');
  });
  return { ...stored, name: file.originalName, contentType: file.contentType };
}
