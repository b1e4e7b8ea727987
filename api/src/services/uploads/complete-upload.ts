import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';

/** Marks an upload complete: the tus server has all of its bytes. */
export async function completeUpload({ db, id }: { db: Db; id: string }) {
  await db.update(projectUploads).set({ completedAt: sql`now()` }).where(eq(projectUploads.id, id));
}
