import { exportMessages as m } from '@studio/shared/messages/exports';
import {
  type ExportKind,
  exportKinds,
  exportQuerySchemas,
  type OrderExportQuery,
  type SubmissionExportQuery,
} from '@studio/shared/schemas/exports';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifySignedValue } from '../../lib/signed-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import { canonicalFilter, EXPORT_PURPOSE, exportValue } from './create-export-link.ts';

export type CheckedExport =
  | { kind: 'orders' | 'order-lines'; query: OrderExportQuery }
  | { kind: 'subscribers'; query: Record<string, never> }
  | { kind: 'submissions'; query: SubmissionExportQuery };

const isExportKind = (kind: string): kind is ExportKind =>
  (exportKinds as readonly string[]).includes(kind);

/**
 * Checks an export link (create-export-link.ts) before any row is read: a known export (else
 * 404), signed by us for this export, filter, admin and expiry (else 403 "not valid"), the
 * expiry ahead (else 403 "expired"), and the admin who asked still an admin (else 403 "not
 * valid"). Answers the export and its filter, parsed as the admin route parses it.
 */
export async function checkExportLink({
  db,
  secret,
  kind,
  query,
  now = Date.now(),
}: {
  db: Db;
  secret: string;
  kind: string;
  query: Record<string, string | undefined> & { expires: string; admin: string; token: string };
  now?: number;
}): Promise<CheckedExport> {
  if (!isExportKind(kind)) throw new ApiError('NOT_FOUND', m.unknownExport);
  const { expires, admin, token } = query;
  if (!/^\d{1,12}$/.test(expires) || !isUuid(admin))
    throw new ApiError('FORBIDDEN', m.badExportLink);
  const schema = exportQuerySchemas[kind];
  // Only the export's own filter is signed and read; anything else in the query is ignored.
  const filter = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, query[key]]));
  const at = Number(expires);
  const value = exportValue(kind, canonicalFilter(filter), admin, at);
  if (!verifySignedValue(secret, EXPORT_PURPOSE, value, token))
    throw new ApiError('FORBIDDEN', m.badExportLink);
  if (at * 1000 <= now) throw new ApiError('FORBIDDEN', m.exportLinkExpired);
  const [still] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, admin), eq(users.role, 'admin')));
  if (!still) throw new ApiError('FORBIDDEN', m.badExportLink);
  const parsed = schema.safeParse(filter);
  // We signed what the admin route's schema gave; only a change of that schema fails here.
  if (!parsed.success) throw new ApiError('FORBIDDEN', m.badExportLink);
  return { kind, query: parsed.data } as CheckedExport;
}
