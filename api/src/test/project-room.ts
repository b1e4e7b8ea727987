import type { VersionFileKind } from '@studio/shared/project-room';
import type { RoomMoveAnswer } from '@studio/shared/schemas/project-room';
import { eq } from 'drizzle-orm';
import { projectSubmissions } from '../db/schema/project-submissions.ts';
import { roomUrl } from '../services/project-room/room-url.ts';
import { uploadToDraft } from './downloads.ts';
import { read, type TestApp } from './harness.ts';
import { createSubmission } from './submissions.ts';
import { wavBytes } from './tus.ts';

/**
 * A project of the client `owner` (an account's id and address), submitted as a signed-in
 * client would, or of an address with no account; its room link's query.
 */
export async function roomProject(
  t: TestApp,
  owner: { id?: string | null; email?: string } = {},
  sku = 'SM-001',
) {
  const { submission, service } = await createSubmission(t.db, sku);
  const [row] =
    owner.email || owner.id
      ? await t.db
          .update(projectSubmissions)
          .set({
            ...(owner.email ? { email: owner.email } : {}),
            ...(owner.id ? { userId: owner.id } : {}),
          })
          .where(eq(projectSubmissions.id, submission.id))
          .returning()
      : [submission];
  const link = new URL(roomUrl({ PUBLIC_URL: 'http://site' }, t.secret, submission.id));
  return {
    submission: row ?? submission,
    service,
    link: {
      expires: link.searchParams.get('expires') ?? '',
      token: link.searchParams.get('token') ?? '',
    },
  };
}

/** The studio shares a version of `files` (each uploaded with tus to a version draft). */
export async function shareTestVersion(
  t: TestApp,
  adminToken: string,
  submissionId: string,
  files: { bytes?: Buffer; name?: string; kind: VersionFileKind }[],
  note = '',
) {
  const admin = t.as(adminToken).api.admin.submissions[':id'];
  const draft = await read(admin['version-drafts'].$post({ param: { id: submissionId } }));
  if (draft.status !== 201) throw new Error(`version draft: ${draft.status}`);
  const draftToken = draft.body.draftToken as string;
  const uploads = [];
  for (const [i, f] of files.entries()) {
    const { uploadId } = await uploadToDraft(
      t,
      draftToken,
      f.bytes ?? wavBytes(64 * 1024),
      f.name ?? `${f.kind}-${i + 1}.wav`,
      'audio/wav',
    );
    uploads.push({ uploadId, kind: f.kind });
  }
  const shared = await read(
    admin.versions.$post({
      param: { id: submissionId },
      json: { draftToken, note, files: uploads },
    }),
  );
  if (shared.status !== 201)
    throw new Error(`share: ${shared.status} ${JSON.stringify(shared.body)}`);
  return shared.body as RoomMoveAnswer;
}
