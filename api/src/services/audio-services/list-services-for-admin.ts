import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { services } from '../../db/schema/services.ts';
import { presentServiceForAdmin } from './present-service-for-admin.ts';

export async function listServicesForAdmin({ db }: { db: Db }) {
  const rows = await db
    .select()
    .from(services)
    .orderBy(asc(services.sortOrder), asc(services.title));
  const list = rows.map(presentServiceForAdmin);
  return { services: list, mismatchCount: list.filter((s) => s.pricesDiffer).length };
}
