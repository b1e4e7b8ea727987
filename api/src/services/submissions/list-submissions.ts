import type { adminSubmissionsQuerySchema } from '@studio/shared/schemas/admin';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import { submissionFilters } from './submission-filters.ts';

export async function listSubmissions({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminSubmissionsQuerySchema>;
}) {
  const where = submissionFilters(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: projectSubmissions.id,
        name: projectSubmissions.name,
        email: projectSubmissions.email,
        paymentState: projectSubmissions.paymentState,
        workStatus: projectSubmissions.workStatus,
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
