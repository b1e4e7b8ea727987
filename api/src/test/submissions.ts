import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectSubmissions, submissionFiles } from '../db/schema/project-submissions.ts';
import { services } from '../db/schema/services.ts';
import type { TestApp } from './harness.ts';
import { until } from './until.ts';

let n = 0;

/** A project submission for the service with `sku`, written straight to the database. */
export async function createSubmission(db: Db, sku = 'SM-001', id?: string) {
  const [service] = await db.select().from(services).where(eq(services.sku, sku));
  if (!service) throw new Error(`no service ${sku}`);
  n += 1;
  const [row] = await db
    .insert(projectSubmissions)
    .values({
      ...(id ? { id } : {}),
      name: 'Pat Payer',
      email: `payer${n}.${Date.now().toString(36)}@example.com`,
      serviceId: service.id,
      notes: 'A project to pay for in tests.',
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return { submission: row, service };
}

/** A submission with one stored file: their ids, as the path parameters of the file's routes. */
export async function submissionWithFile(t: TestApp) {
  const { submission } = await createSubmission(t.db);
  const key = `submissions/file-${randomBytes(4).toString('hex')}`;
  await t.storage.put(key, Readable.from([Buffer.from('bytes')]));
  const [file] = await t.db
    .insert(submissionFiles)
    .values({
      submissionId: submission.id,
      originalName: 'a.wav',
      storageKey: key,
      contentType: 'audio/wav',
      sizeBytes: 5,
    })
    .returning();
  return { id: submission.id, fileId: String(file?.id) };
}

/** The submission's payment state as the database holds it. */
export async function paymentStateOf(db: Db, submissionId: string) {
  const [row] = await db
    .select()
    .from(projectSubmissions)
    .where(eq(projectSubmissions.id, submissionId));
  return row?.paymentState;
}

/** Waits until the submission reads paid (a re-check job pays it meanwhile). */
export function untilSubmissionPaid(db: Db, submissionId: string, timeoutMs = 15_000) {
  return until(
    async () => (await paymentStateOf(db, submissionId)) === 'paid',
    timeoutMs,
    'the submission to be paid',
    100,
  );
}
