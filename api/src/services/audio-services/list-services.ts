import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { services } from '../../db/schema/services.ts';
import { presentService } from './present-service.ts';

/** The active services in catalogue order. */
export async function listServices({ db }: { db: Db }) {
  const rows = await db
    .select()
    .from(services)
    .where(eq(services.isActive, true))
    .orderBy(asc(services.sortOrder), asc(services.title));
  return rows.map(presentService);
}
