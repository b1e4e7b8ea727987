import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { projectMessages } from '@studio/shared/messages/projects';
import { uploadMessages } from '@studio/shared/messages/uploads';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboundMail } from '../db/schema/outbound-mail.ts';
import { projectSubmissions, submissionFiles } from '../db/schema/project-submissions.ts';
import { projectUploads } from '../db/schema/project-uploads.ts';
import { s3ClientConfig } from '../services/storage/s3-storage.ts';
import { tusUploads } from '../services/uploads/tus-uploads.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { completedUpload, createUpload, newDraft, patchUpload, wavBytes } from '../test/tus.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const fields = {
  name: 'Nina Simone',
  email: 'nina@example.com',
  service: 'Song Mix',
  notes: 'Two songs, stems attached.',
};

const submit = (draftToken: string, uploadIds: string[], extra: Partial<typeof fields> = {}) =>
  read(
    t.client.api.projects['submit-uploads'].$post({
      json: { ...fields, ...extra, draftToken, uploadIds },
    }),
  );

async function bytesOf(key: string) {
  const { stream } = await t.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const infoSuffix = () => (t.env.STORAGE === 's3' ? '.info' : '.json');

/** What tus's store holds of an upload: keys in the bucket, or files under `$DATA_DIR/tus`. */
async function tusFilesOf(id: string): Promise<string[]> {
  if (t.env.STORAGE !== 's3') {
    const names = await readdir(path.join(t.env.DATA_DIR, 'tus')).catch(() => [] as string[]);
    return names.filter((n) => n.startsWith(id)).sort();
  }
  const client = new S3Client(
    s3ClientConfig({
      endpoint: t.env.S3_ENDPOINT,
      region: t.env.S3_REGION ?? '',
      bucket: t.env.S3_BUCKET ?? '',
      accessKeyId: t.env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: t.env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: t.env.S3_FORCE_PATH_STYLE,
    }),
  );
  try {
    const answer = await client.send(
      new ListObjectsV2Command({ Bucket: t.env.S3_BUCKET, Prefix: id }),
    );
    return (answer.Contents ?? []).map((o) => o.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

const submissionCount = async () => (await t.db.select().from(projectSubmissions)).length;

describe('POST /api/projects/submit-uploads', () => {
  it('makes the submission from completed uploads: files stored, uploads used, two mails', async () => {
    const draft = await newDraft(t);
    const first = await completedUpload(t, draft, 9000, 'verse');
    const second = await completedUpload(t, draft, 20_000, 'chorus.wav');
    // A completed upload is its bytes and its `.info` (bucket) or `.json` (disk).
    expect(await tusFilesOf(first)).toEqual([first, `${first}${infoSuffix()}`]);
    const res = await submit(draft, [first, second]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: projectMessages.submitted,
      service: { title: 'Song Mix' },
    });
    const id = res.body.submissionId as string;
    const files = await t.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, id));
    expect(files.map((f) => [f.originalName, f.contentType, f.sizeBytes]).sort()).toEqual([
      ['chorus.wav', 'audio/wav', 20_000],
      ['verse.wav', 'audio/wav', 9000],
    ]);
    for (const f of files) {
      expect(f.storageKey).toMatch(/^submissions\/[0-9a-f-]{36}$/);
      expect((await bytesOf(f.storageKey)).equals(wavBytes(f.sizeBytes))).toBe(true);
    }
    const used = await t.db
      .select()
      .from(projectUploads)
      .where(inArray(projectUploads.id, [first, second]));
    expect(used.map((u) => u.submissionId)).toEqual([id, id]);
    // The uploads' own bytes are gone once copied.
    await expect(tusUploads(t).store.getUpload(first)).rejects.toMatchObject({ status_code: 404 });
    expect([...(await tusFilesOf(first)), ...(await tusFilesOf(second))]).toEqual([]);
    const mails = await t.db.select().from(outboundMail).where(eq(outboundMail.subjectId, id));
    expect(mails.map((m) => m.purpose).sort()).toEqual([
      'submission-confirmation',
      'submission-notice',
    ]);
    expect(mails.find((m) => m.purpose === 'submission-confirmation')?.toAddress).toBe(
      'nina@example.com',
    );
  });

  it('refuses used, unfinished and other drafts’ uploads, and writes nothing', async () => {
    const draft = await newDraft(t);
    const done = await completedUpload(t, draft, 5000, 'a.wav');
    expect((await submit(draft, [done])).status).toBe(201);
    const before = await submissionCount();

    const again = await completedUpload(t, draft, 5000, 'b.wav');
    const used = await submit(draft, [again, done]);
    expect(used).toMatchObject({
      status: 409,
      body: { message: uploadMessages.alreadyUsed('a.wav') },
    });

    const { id: partial } = await createUpload(t, draft, { size: 50_000, name: 'c.wav' });
    await patchUpload(t, draft, partial, 0, wavBytes(50_000).subarray(0, 10_000));
    const unfinished = await submit(draft, [again, partial]);
    expect(unfinished).toMatchObject({
      status: 409,
      body: { message: uploadMessages.notComplete('c.wav') },
    });

    const stranger = await completedUpload(t, await newDraft(t), 5000, 'd.wav');
    const foreign = await submit(draft, [again, stranger]);
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: uploadMessages.uploadNotFound },
    });

    const unknownDraft = await submit('B'.repeat(43), [again]);
    expect(unknownDraft).toMatchObject({
      status: 403,
      body: { message: uploadMessages.draftUnknown },
    });

    expect(await submissionCount()).toBe(before);
    const [left] = await t.db.select().from(projectUploads).where(eq(projectUploads.id, again));
    expect(left?.submissionId).toBeNull();
    // Nothing was copied for the refused submissions either.
    const listed: string[] = [];
    for await (const f of t.storage.list('submissions/')) listed.push(f.key);
    const named = (await t.db.select().from(submissionFiles)).map((f) => f.storageKey);
    expect(listed.filter((k) => !named.includes(k))).toEqual([]);
  });

  it('checks the fields with the spec’s messages, as the multipart route does', async () => {
    const draft = await newDraft(t);
    const res = await submit(draft, [], { notes: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(projectMessages.notesTooShort);
  });

  it('takes the same uploads once when two submissions race', async () => {
    const draft = await newDraft(t);
    const id = await completedUpload(t, draft, 5000);
    const answers = await Promise.all([submit(draft, [id]), submit(draft, [id])]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});
