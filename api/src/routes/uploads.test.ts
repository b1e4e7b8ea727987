import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { limits } from '@studio/shared/limits';
import { projectMessages } from '@studio/shared/messages/projects';
import { uploadMessages } from '@studio/shared/messages/uploads';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectUploads } from '../db/schema/project-uploads.ts';
import { tusUploads } from '../services/uploads/tus-uploads.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { exeHead } from '../test/multipart.ts';
import { createUpload, headUpload, newDraft, patchUpload, TUS, wavBytes } from '../test/tus.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const row = async (id: string) =>
  (await t.db.select().from(projectUploads).where(eq(projectUploads.id, id)))[0];

describe('creation', () => {
  it('answers 201 with a relative Location, records the upload and its cleaned name', async () => {
    const draft = await newDraft(t);
    const res = await createUpload(t, draft, { size: 10_000, name: 'Mix\u202Egnp.wav' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await row(res.id)).toMatchObject({ originalName: 'Mixgnp.wav', sizeBytes: 10_000 });
  });

  it('refuses 400 MB (419430400 bytes) with 413, takes one byte less', async () => {
    const draft = await newDraft(t);
    const over = await createUpload(t, draft, { size: limits.maxFileBytes });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      message: projectMessages.filesTooLarge(1),
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect((await createUpload(t, draft, { size: limits.maxFileBytes - 1 })).status).toBe(201);
  });

  it('takes 20 uploads a draft and refuses the 21st with the spec message; others unaffected', async () => {
    const draft = await newDraft(t);
    for (let i = 0; i < limits.maxFiles; i++) {
      expect((await createUpload(t, draft, { size: 100 })).status).toBe(201);
    }
    const extra = await createUpload(t, draft, { size: 100 });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe(projectMessages.tooManyFiles);
    const rows = await t.db.select().from(projectUploads);
    expect(rows.filter((r) => r.id === extra.id)).toEqual([]);
    expect((await createUpload(t, await newDraft(t), { size: 100 })).status).toBe(201);
  });

  it.each([
    ['no draft', undefined, 403, uploadMessages.draftUnknown],
    ['a draft never issued', 'A'.repeat(43), 403, uploadMessages.draftUnknown],
  ])('refuses %s', async (_, draft, status, message) => {
    const res = await read(
      t.client.api.uploads.$post(
        {},
        {
          headers: { ...TUS, 'Upload-Length': '100', ...(draft ? { 'Upload-Draft': draft } : {}) },
        },
      ),
    );
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('refuses a deferred or missing length, an empty file and a name with a path', async () => {
    const draft = await newDraft(t);
    const deferred = await read(
      t.client.api.uploads.$post(
        {},
        { headers: { ...TUS, 'Upload-Draft': draft, 'Upload-Defer-Length': '1' } },
      ),
    );
    expect(deferred).toMatchObject({
      status: 400,
      body: { message: uploadMessages.lengthRequired },
    });
    expect((await createUpload(t, draft, { size: 0, name: 'x.wav' })).body.message).toBe(
      uploadMessages.emptyFile('x.wav'),
    );
    const path = await createUpload(t, draft, { size: 10, name: '../etc/passwd' });
    expect(path.status).toBe(400);
    expect(path.body.message).toBe(uploadMessages.fileNameRefused('../etc/passwd'));
    // None of them was recorded: the draft still takes a first upload's place for each of 20.
    for (let i = 0; i < limits.maxFiles; i++) {
      expect((await createUpload(t, draft, { size: 100 })).status).toBe(201);
    }
  });

  it('is rate-limited per address like submissions (limit x 20 uploads)', async () => {
    // Its own client address: the file's other tests count under the default one.
    const limited = await createTestApp({
      SUBMISSION_RATE_LIMIT_PER_HOUR: '1',
      TRUST_PROXY: 'true',
    });
    const headers = { 'X-Forwarded-For': '203.0.113.7' };
    const drafts = limited.client.api.uploads.drafts;
    const draft = (await read(drafts.$post({}, { headers }))).body.draftToken;
    expect((await read(drafts.$post({}, { headers }))).status).toBe(429);
    for (let i = 0; i < limits.maxFiles; i++) {
      // Each in a draft of its own (made from another address): only the address's count binds.
      const own = (
        await read(drafts.$post({}, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } }))
      ).body.draftToken;
      expect((await createUpload(limited, own ?? draft, { size: 10, headers })).status).toBe(201);
    }
    const res = await createUpload(limited, draft, { size: 10, headers });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(uploadMessages.tooManyUploads);
  });
});

describe('content on the first bytes', () => {
  it('refuses an executable on its first PATCH with 415, and removes the upload', async () => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 1_000_000, name: 'song.wav' });
    const body = Buffer.concat([exeHead, Buffer.alloc(1_000_000 - exeHead.length)]);
    const res = await patchUpload(t, draft, id, 0, body);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message: projectMessages.fileTypeRefused('song.wav'),
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await row(id)).toBeUndefined();
    expect((await headUpload(t, draft, id)).status).toBe(404);
    await expect(tusUploads(t).store.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });

  it('answers the refusal over a real socket while a 20 MB PATCH is still being sent', async () => {
    const base = await t.listen();
    const draft = await newDraft(t);
    const size = 20 * 1024 * 1024;
    const { id } = await createUpload(t, draft, { size, name: 'big.wav' });
    const started = Date.now();
    const res = await fetch(`${base}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'Upload-Draft': draft,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.concat([exeHead, Buffer.alloc(size - exeHead.length)]),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toBe(
      projectMessages.fileTypeRefused('big.wav'),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await row(id)).toBeUndefined();
  });

  it('stores nothing of a first PATCH cut before the head is whole, then judges the next', async () => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 20_000, name: 'take' });
    const file = wavBytes(20_000);
    const short = await patchUpload(t, draft, id, 0, file.subarray(0, 1000));
    expect(short.status).toBe(204);
    expect(short.headers.get('upload-offset')).toBe('0');
    const full = await patchUpload(t, draft, id, 0, file);
    expect(full.headers.get('upload-offset')).toBe('20000');
    // Named for the type found, as multipart names are.
    expect(await row(id)).toMatchObject({
      originalName: 'take.wav',
      contentType: 'audio/wav',
      receivedBytes: 20_000,
    });
    expect((await row(id))?.completedAt).toBeInstanceOf(Date);
  });
});

describe('resume', () => {
  it('HEAD gives the offset, and PATCH goes on from it; a wrong offset is 409', async () => {
    const draft = await newDraft(t);
    const file = wavBytes(300_000);
    const { id } = await createUpload(t, draft, { size: file.length });
    expect((await patchUpload(t, draft, id, 0, file.subarray(0, 120_000))).status).toBe(204);
    const head = await headUpload(t, draft, id);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('120000');
    expect(head.headers.get('upload-length')).toBe('300000');
    expect(head.headers.get('cache-control')).toBe('no-store');
    const wrong = await patchUpload(t, draft, id, 0, file.subarray(0, 10));
    expect(wrong).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    const rest = await patchUpload(t, draft, id, 120_000, file.subarray(120_000));
    expect(rest.headers.get('upload-offset')).toBe('300000');
    const state = await read(
      t.client.api.uploads[':id'].$get({ param: { id } }, { headers: { 'Upload-Draft': draft } }),
    );
    expect(state.body).toMatchObject({ offset: 300_000, received: 300_000, complete: true });
    const stored = await tusUploads(t).store.read(id);
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
  });

  it('counts bytes stored by a process that stopped before counting them, once', async () => {
    const draft = await newDraft(t);
    const file = wavBytes(300_000);
    const { id } = await createUpload(t, draft, { size: file.length });
    await patchUpload(t, draft, id, 0, file.subarray(0, 120_000));
    expect(await row(id)).toMatchObject({ receivedBytes: 120_000, countedOffset: 120_000 });
    // As a process killed mid-PATCH leaves it: 80 KB more in the store, never counted.
    const end = await tusUploads(t).store.inner.write(
      Readable.from([file.subarray(120_000, 200_000)]),
      id,
      120_000,
    );
    expect(end).toBe(200_000);
    expect(await row(id)).toMatchObject({ receivedBytes: 120_000 });
    // The client resumes from the store's offset; that PATCH counts the 80 KB, and its own.
    expect((await headUpload(t, draft, id)).headers.get('upload-offset')).toBe('200000');
    const rest = await patchUpload(t, draft, id, 200_000, file.subarray(200_000));
    expect(rest.headers.get('upload-offset')).toBe('300000');
    expect(await row(id)).toMatchObject({ receivedBytes: 300_000, countedOffset: 300_000 });
  });

  it('counts bytes received again when the store went back: the size is then exceeded', async () => {
    const draft = await newDraft(t);
    const file = wavBytes(300_000);
    const { id } = await createUpload(t, draft, { size: file.length });
    await patchUpload(t, draft, id, 0, file.subarray(0, 120_000));
    // The store lost its last 20 KB (the file store here; a bucket could lose a part).
    await truncate(path.join(t.env.DATA_DIR, 'tus', id), 100_000);
    expect((await headUpload(t, draft, id)).headers.get('upload-offset')).toBe('100000');
    await patchUpload(t, draft, id, 100_000, file.subarray(100_000));
    expect(await row(id)).toMatchObject({ receivedBytes: 320_000, countedOffset: 300_000 });
    const state = await read(
      t.client.api.uploads[':id'].$get({ param: { id } }, { headers: { 'Upload-Draft': draft } }),
    );
    expect(state.body).toMatchObject({ size: 300_000, received: 320_000, complete: true });
  });

  it('another draft cannot see, write or cancel the upload (404)', async () => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 50_000 });
    const stranger = await newDraft(t);
    expect((await headUpload(t, stranger, id)).status).toBe(404);
    expect((await patchUpload(t, stranger, id, 0, wavBytes(50_000))).status).toBe(404);
    const del = await read(
      t.client.api.uploads[':id'].$delete(
        { param: { id } },
        { headers: { ...TUS, 'Upload-Draft': stranger } },
      ),
    );
    expect(del.status).toBe(404);
    expect(await row(id)).toBeDefined();
  });

  it('DELETE cancels: the row and the data go', async () => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 50_000 });
    await patchUpload(t, draft, id, 0, wavBytes(50_000).subarray(0, 8000));
    const del = await read(
      t.client.api.uploads[':id'].$delete(
        { param: { id } },
        { headers: { ...TUS, 'Upload-Draft': draft } },
      ),
    );
    expect(del.status).toBe(204);
    expect(await row(id)).toBeUndefined();
    await expect(tusUploads(t).store.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });
});
