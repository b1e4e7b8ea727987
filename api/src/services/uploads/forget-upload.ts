import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';

/** Drops an upload's row: its creation failed in the tus server, or the visitor cancelled it. */
export async function forgetUpload({ db, id }: { db: Db; id: string }) {
  await db.delete(projectUploads).where(eq(projectUploads.id, id));
}
