import type { paginationSchema } from '@studio/shared/schemas/pagination';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { emailBlasts, emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';
import { blastSummaryColumns } from './find-blast-summary.ts';

/** GET /api/admin/email-blasts: the history, newest first, each blast with its counts. */
export async function listBlasts({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof paginationSchema>;
}) {
  const [rows, [total]] = await Promise.all([
    db
      .select(blastSummaryColumns)
      .from(emailBlasts)
      .leftJoin(r, eq(r.blastId, emailBlasts.id))
      .groupBy(emailBlasts.id)
      .orderBy(desc(emailBlasts.createdAt), desc(emailBlasts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(emailBlasts),
  ]);
  return { blasts: rows, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}
