import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';

/**
 * Counts the bytes an upload's store took, `when` a write is `starting` at `offset` or `wrote`
 * up to it. `receivedBytes` counts each byte the store took, once per time it took it, in
 * PostgreSQL and never in a process's memory: `countedOffset` is how far it has counted. A write's
 * bytes are counted when it ends; if its process stopped first (killed, or its database closed
 * while a cut PATCH still drained), the next PATCH, starting at the store's offset past the mark,
 * counts them. A PATCH starting below the mark receives those bytes again: counted again. So it
 * equals the size exactly when no byte was received twice.
 */
export async function countReceivedBytes({
  db,
  id,
  offset,
  when,
}: {
  db: Db;
  id: string;
  offset: number;
  when: 'starting' | 'wrote';
}) {
  const { receivedBytes: received, countedOffset: counted } = projectUploads;
  await db
    .update(projectUploads)
    .set(
      when === 'starting'
        ? {
            receivedBytes: sql`${received} + abs(${offset}::bigint - ${counted})`,
            countedOffset: sql`greatest(${counted}, ${offset}::bigint)`,
          }
        : {
            receivedBytes: sql`${received} + greatest(${offset}::bigint - ${counted}, 0)`,
            countedOffset: sql`greatest(${counted}, ${offset}::bigint)`,
            lastWriteAt: sql`now()`,
          },
    )
    .where(eq(projectUploads.id, id));
}
