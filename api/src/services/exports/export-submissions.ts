import type { SubmissionExportQuery } from '@studio/shared/schemas/exports';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import {
  type CsvFile,
  csvAmount,
  csvText,
  datedCsvName,
  forEachRow,
  isoUtc,
} from '../../lib/csv.ts';
import { submissionFilters } from '../submissions/submission-filters.ts';

const header = [
  'Submitted (UTC)',
  'Customer',
  'E-mail',
  'Service',
  'SKU',
  'Payment status',
  'Paid amount',
  'Currency',
  'Payment method',
  'Paid at (UTC)',
  'Files',
  'Timeline',
  'Budget',
] as const;

const BATCH = 1000;

interface Row {
  id: string;
  key: string;
  createdAt: string;
  name: string;
  email: string;
  service: string;
  sku: string;
  paymentState: string;
  paidAt: string | null;
  timeline: string | null;
  budget: string | null;
  paidCents: number | null;
  paymentMethod: string | null;
  files: number;
}

function batch(query: SubmissionExportQuery, after: { key: string; id: string } | undefined) {
  const s = projectSubmissions;
  const conditions: (SQL | undefined)[] = [submissionFilters(query)];
  if (after) {
    conditions.push(
      sql`(${s.createdAt}, ${s.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return sql`
    select ${s.id} as "id", ${s.createdAt}::text as "key", ${isoUtc(s.createdAt)} as "createdAt",
      ${s.name} as "name", ${s.email} as "email", ${services.title} as "service",
      ${services.sku} as "sku", ${s.paymentState} as "paymentState",
      ${isoUtc(s.paidAt)} as "paidAt", ${s.timeline} as "timeline", ${s.budget} as "budget",
      (select sum(p.amount_cents)::int from payments p
        where p.submission_id = ${s.id} and p.status = 'confirmed') as "paidCents",
      (select p.method::text from payments p where p.submission_id = ${s.id}
        and p.status = 'confirmed' order by p.confirmed_at desc nulls last limit 1) as "paymentMethod",
      (select count(*)::int from submission_files f where f.submission_id = ${s.id}) as "files"
    from ${s}
    join ${services} on ${eq(services.id, s.serviceId)}
    where ${and(...conditions) ?? sql`true`}
    order by ${s.createdAt} desc, ${s.id} desc
    limit ${BATCH}`;
}

/**
 * GET /api/admin/exports/submissions: the submissions the Submissions tab shows for `query`
 * (payment state, search by name or e-mail), newest first, with what confirmed payments paid.
 */
export function exportSubmissions({
  db,
  query,
}: {
  db: Db;
  query: SubmissionExportQuery;
}): CsvFile {
  return {
    name: datedCsvName('submissions'),
    header,
    async write(out) {
      let after: { key: string; id: string } | undefined;
      for (;;) {
        let last: Row | undefined;
        const count = await forEachRow<Row>(db, batch(query, after), (r) => {
          last = r;
          out.record([
            r.createdAt,
            csvText(r.name),
            csvText(r.email),
            csvText(r.service),
            csvText(r.sku),
            r.paymentState,
            csvAmount(r.paidCents),
            r.paidCents === null ? '' : 'USD',
            r.paymentMethod ?? '',
            r.paidAt ?? '',
            String(r.files),
            csvText(r.timeline),
            csvText(r.budget),
          ]);
        });
        if (count < BATCH || !last || !(await out.room())) return;
        after = { key: last.key, id: last.id };
      }
    },
  };
}
