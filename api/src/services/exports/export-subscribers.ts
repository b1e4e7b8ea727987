import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import { users } from '../../db/schema/users.ts';
import { type CsvFile, csvText, datedCsvName, forEachRow, isoUtc } from '../../lib/csv.ts';

const header = [
  'E-mail',
  'Name',
  'Status',
  'Source',
  'Signed up (UTC)',
  'Confirmed (UTC)',
  'Consent given (UTC)',
  'Unsubscribed (UTC)',
  'Added (UTC)',
] as const;

const BATCH = 1000;

interface Row {
  id: string;
  key: string;
  email: string;
  status: string;
  source: string;
  requestedAt: string | null;
  confirmedAt: string | null;
  consentedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
  firstName: string | null;
  lastName: string | null;
}

function batch(after: { key: string; id: string } | undefined) {
  const s = subscribers;
  return sql`
    select ${s.id} as "id", ${s.createdAt}::text as "key", ${s.email} as "email",
      ${s.status} as "status", ${s.source} as "source",
      ${isoUtc(s.requestedAt)} as "requestedAt", ${isoUtc(s.confirmedAt)} as "confirmedAt",
      ${isoUtc(s.consentedAt)} as "consentedAt", ${isoUtc(s.unsubscribedAt)} as "unsubscribedAt",
      ${isoUtc(s.createdAt)} as "createdAt",
      ${users.firstName} as "firstName", ${users.lastName} as "lastName"
    from ${s}
    -- A subscriber has no name of their own; an account with the same address gives one (both
    -- addresses are stored lower-cased).
    left join ${users} on ${eq(users.email, s.email)}
    where ${after ? sql`(${s.createdAt}, ${s.id}) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql`true`}
    order by ${s.createdAt}, ${s.id}
    limit ${BATCH}`;
}

/**
 * GET /api/admin/exports/subscribers: every newsletter address with its consent record: status
 * (active, pending: signed up and not yet confirmed by the mailed link, unsubscribed), where
 * the consent came from and when it was asked for, confirmed, given and withdrawn. Oldest first.
 */
export function exportSubscribers({ db }: { db: Db }): CsvFile {
  return {
    name: datedCsvName('subscribers'),
    header,
    async write(out) {
      let after: { key: string; id: string } | undefined;
      for (;;) {
        let last: Row | undefined;
        const count = await forEachRow<Row>(db, batch(after), (s) => {
          last = s;
          out.record([
            csvText(s.email),
            csvText(s.firstName === null ? null : `${s.firstName} ${s.lastName}`),
            s.status,
            csvText(s.source),
            s.requestedAt ?? '',
            s.confirmedAt ?? '',
            s.consentedAt ?? '',
            s.unsubscribedAt ?? '',
            s.createdAt,
          ]);
        });
        if (count < BATCH || !last || !(await out.room())) return;
        after = { key: last.key, id: last.id };
      }
    },
  };
}
