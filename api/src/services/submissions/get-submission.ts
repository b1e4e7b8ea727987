import { paymentMessages } from '@studio/shared/messages/payments';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { projectSubmissions, submissionFiles } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import { ApiError } from '../../lib/api-error.ts';
import { cleanFileName } from '../../lib/file-names.ts';
import { isUuid } from '../../lib/uuid.ts';
import { refundSummary } from '../refunds/refund-summary.ts';

export async function getSubmission({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', paymentMessages.submissionNotFound);
  const [row] = await db
    .select({ submission: projectSubmissions, service: services })
    .from(projectSubmissions)
    .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
    .where(eq(projectSubmissions.id, id));
  if (!row) throw new ApiError('NOT_FOUND', paymentMessages.submissionNotFound);
  const [files, paid, refunds] = await Promise.all([
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
    refundSummary(db, { kind: 'submission', id }),
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
      // Cleaned again for rows stored before names were (file-names.ts).
      originalName: cleanFileName(f.originalName),
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      downloadUrl: `/api/admin/submissions/${id}/files/${f.id}`,
    })),
    /** Its refunds and what can still be refunded (decision 035). */
    refunds,
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
