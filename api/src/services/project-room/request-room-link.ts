import { randomUUID } from 'node:crypto';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import type { Db } from '../../db/client.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { projectLink } from '../mail/templates/project-update.ts';
import { findRoomSubmission } from './find-room.ts';
import type { RoomEnv } from './move-project.ts';
import { roomUrl } from './room-url.ts';

/**
 * A fresh room link, mailed to the address that submitted the project when `email` is that
 * address (decision 046). The answer is the same either way, so it tells nobody which address
 * a project has; the route limits how often it may be asked (per address and project, per IP).
 */
export async function requestRoomLink({
  db,
  env,
  secret,
  submissionId,
  email,
}: {
  db: Db;
  env: RoomEnv;
  secret: string;
  submissionId: string;
  email: string;
}): Promise<{ message: string }> {
  const submission = await findRoomSubmission(db, submissionId);
  if (submission.email.toLowerCase() === email.trim().toLowerCase()) {
    await queueMail(db, {
      purpose: 'project-link',
      subjectId: randomUUID(),
      message: projectLink({
        to: submission.email,
        name: submission.name,
        serviceTitle: submission.serviceTitle,
        roomUrl: roomUrl(env, secret, submission.id),
      }),
    });
  }
  return { message: m.linkRequested };
}
