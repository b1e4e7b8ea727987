import type { projectSubmissionSchema } from '@studio/shared/schemas/project';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { projectSubmissions, submissionFiles } from '../../db/schema/project-submissions.ts';
import type { Service } from '../../db/schema/services.ts';
import type { Env } from '../../env.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { submissionConfirmation, submissionNotice } from '../mail/templates/submission-notice.ts';
import { moveWork } from '../project-room/move-work.ts';
import { roomUrl } from '../project-room/room-url.ts';
import type { StoredFile } from '../uploads/receive-multipart.ts';
import { payUrl } from './pay-url.ts';
import { transitionSubmission } from './transition-submission.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes a submission whose files are stored, in one transaction: the row, its files, its first
 * state and its two mails (the client's confirmation with the pay link, the business notice),
 * which the mail worker sends after the commit. `within` runs in the same transaction (the
 * resumable path marks its uploads used there). Both project routes end here, so they store and
 * mail alike.
 */
export async function recordSubmission({
  db,
  env,
  secret,
  fields,
  service,
  files,
  userId,
  within,
}: {
  db: Db;
  env: Pick<Env, 'CONTACT_TO' | 'PUBLIC_URL'>;
  /** Signs the confirmation's link to the project's room (decision 046). */
  secret: string;
  fields: z.output<typeof projectSubmissionSchema>;
  service: Service;
  files: StoredFile[];
  userId: string | null;
  within?: (tx: Tx, submissionId: string) => Promise<void>;
}): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectSubmissions)
      .values({
        name: fields.name,
        email: fields.email,
        serviceId: service.id,
        notes: fields.notes,
        timeline: fields.timeline,
        budget: fields.budget,
        userId,
      })
      .returning({ id: projectSubmissions.id });
    if (!row) throw new Error('insert returned no row');
    if (files.length > 0) {
      await tx.insert(submissionFiles).values(
        files.map((f) => ({
          submissionId: row.id,
          originalName: f.originalName,
          storageKey: f.key,
          contentType: f.contentType,
          sizeBytes: f.sizeBytes,
        })),
      );
    }
    await within?.(tx, row.id);
    await transitionSubmission(tx, {
      submissionId: row.id,
      to: 'unpaid',
      source: 'customer',
      actorId: userId,
      opened: true,
    });
    // Its work starts as received: the first line of the room's timeline (issue 26).
    await moveWork(tx, {
      submissionId: row.id,
      to: 'received',
      actor: 'client',
      actorId: userId,
      opened: true,
    });
    const summary = { submissionId: row.id, serviceTitle: service.title, ...fields, files };
    await queueMail(tx, {
      purpose: 'submission-confirmation',
      subjectId: row.id,
      message: submissionConfirmation({
        ...summary,
        // Only a service with a payment price can be paid online (decision 002).
        payUrl: service.checkoutPriceCents === null ? null : payUrl(env, row.id),
        roomUrl: roomUrl(env, secret, row.id),
      }),
    });
    await queueMail(tx, {
      purpose: 'submission-notice',
      subjectId: row.id,
      message: submissionNotice({ ...summary, to: env.CONTACT_TO }),
    });
    return row.id;
  });
}
