import { projectMessages } from '@studio/shared/messages/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { exeHead } from '../../test/multipart.ts';
import { startTestS3, type TestS3 } from '../../test/s3.ts';
import { createUpload, headUpload, newDraft, patchUpload, wavBytes } from '../../test/tus.ts';
import { tusUploads } from './tus-uploads.ts';

/** The same tus uploads with STORAGE=s3: @tus/s3-store on the bucket (s3rver). */
let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3({ bucket: 'studio-tus' });
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await s3?.close();
});

describe('tus on the bucket', () => {
  it('resumes from the offset (parts of 8 MB) and submits from the bucket', async () => {
    const draft = await newDraft(t);
    const size = 9 * 1024 * 1024;
    const file = wavBytes(size);
    const { id } = await createUpload(t, draft, { size, name: 'long.wav' });
    expect((await patchUpload(t, draft, id, 0, file.subarray(0, 3_000_000))).status).toBe(204);
    const head = await headUpload(t, draft, id);
    expect(head.headers.get('upload-offset')).toBe('3000000');
    const rest = await patchUpload(t, draft, id, 3_000_000, file.subarray(3_000_000));
    expect(rest.headers.get('upload-offset')).toBe(String(size));
    const res = await read(
      t.client.api.projects['submit-uploads'].$post({
        json: {
          name: 'Nina Simone',
          email: 'nina@example.com',
          service: 'Song Mix',
          notes: 'One long take, from the bucket.',
          draftToken: draft,
          uploadIds: [id],
        },
      }),
    );
    expect(res.status).toBe(201);
    const files: string[] = [];
    for await (const f of t.storage.list('submissions/')) files.push(f.key);
    expect(files).toHaveLength(1);
    const { stream } = await t.storage.get(files[0] ?? '');
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
  });

  it('refuses an executable on its first bytes and removes it from the bucket', async () => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 100_000, name: 'song.wav' });
    const body = Buffer.concat([exeHead, Buffer.alloc(100_000 - exeHead.length)]);
    const res = await patchUpload(t, draft, id, 0, body);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(projectMessages.fileTypeRefused('song.wav'));
    await expect(tusUploads(t).store.getUpload(id)).rejects.toBeDefined();
  });
});
