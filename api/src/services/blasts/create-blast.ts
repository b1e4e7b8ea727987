import type { Readable } from 'node:stream';
import { parseRecipients } from '@studio/shared/schemas/blasts';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts } from '../../db/schema/email-blasts.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';
import { receiveBlastForm } from './receive-blast-form.ts';
import { transitionBlastRecipient } from './transition-blast-recipient.ts';

const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The recipients who unsubscribed from the newsletter, or whose sign-up is not confirmed yet
 * (decision 025): they are recorded as skipped.
 */
async function unsubscribedAmong(db: Db, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(emails)) {
    const rows = await db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(
        and(
          inArray(subscribers.email, part),
          inArray(subscribers.status, ['unsubscribed', 'pending']),
        ),
      );
    for (const r of rows) found.add(r.email);
  }
  return found;
}

/**
 * POST /api/events/admin/send-email-blast: stores the form (and its flyer), then the blast and
 * one row per recipient in one transaction, then queues the `email-blast` job that mails them.
 * A blast whose every recipient unsubscribed is done at once and queues nothing.
 */
export async function createBlast({
  db,
  storage,
  jobs,
  body,
  contentType,
  actorId,
}: {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  body: ReadableStream<Uint8Array> | Readable | null;
  contentType: string;
  actorId: string | null;
}): Promise<{ blastId: string }> {
  const { input, attachment } = await receiveBlastForm({ storage, body, contentType });
  const { valid, invalid } = parseRecipients(input.emails);
  let pending = 0;
  let blastId: string;
  try {
    const skipped = await unsubscribedAmong(db, valid);
    pending = valid.length - skipped.size;
    blastId = await db.transaction(async (tx) => {
      const [blast] = await tx
        .insert(emailBlasts)
        .values({
          subject: input.subject,
          message: input.message ?? null,
          attachmentKey: attachment?.key ?? null,
          attachmentName: attachment?.name ?? null,
          attachmentType: attachment?.contentType ?? null,
          createdBy: actorId,
          ...(pending === 0 ? { status: 'done' as const, finishedAt: new Date() } : {}),
        })
        .returning({ id: emailBlasts.id });
      if (!blast) throw new Error('insert returned no row');
      for (const part of chunks(valid)) {
        await transitionBlastRecipient(tx, {
          move: 'add',
          blastId: blast.id,
          recipients: part.map((email) => ({ email, skipped: skipped.has(email) })),
        });
      }
      await recordAudit({
        db: tx,
        actorId,
        action: 'blast.send',
        entityType: 'email_blast',
        entityId: blast.id,
        detail: {
          subject: input.subject,
          recipients: valid.length,
          skipped: skipped.size,
          ignoredInvalid: invalid.length,
          attachment: attachment?.name ?? null,
        },
      });
      return blast.id;
    });
  } catch (error) {
    if (attachment) await storage.delete(attachment.key).catch(() => {});
    throw error;
  }
  if (pending > 0) await jobs.send('email-blast', { blastId });
  return { blastId };
}
