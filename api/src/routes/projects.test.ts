import http from 'node:http';
import { projectMessages } from '@studio/shared/messages/projects';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectSubmissions, submissionFiles } from '../db/schema/project-submissions.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import {
  exeHead,
  type FilePart,
  multipartBody,
  postMultipart,
  wavHead,
} from '../test/multipart.ts';
import { addressesOf, startSmtpServer } from '../test/smtp.ts';
import { until } from '../test/until.ts';

const m = projectMessages;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let url: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, CONTACT_TO: 'studio@example.com' });
  url = `${await t.listen()}${t.client.api.projects.submit.$path()}`;
});

let n = 0;
function fields(overrides: Record<string, string> = {}) {
  n += 1;
  return {
    name: 'Nina Simone',
    email: `nina${n}@example.com`,
    service: 'Song Mix',
    notes: 'Two songs, stems attached, rough mixes for reference.',
    timeline: '2 weeks',
    budget: '$500',
    ...overrides,
  };
}

const wav = (filename: string, size = 2048): FilePart => ({ filename, head: wavHead(), size });

async function counts() {
  const [s] = await t.db.select({ n: count() }).from(projectSubmissions);
  const [f] = await t.db.select({ n: count() }).from(submissionFiles);
  const stored = (await t.storedFiles()).length;
  return { submissions: s?.n ?? 0, files: f?.n ?? 0, stored };
}

async function expectNothingLeft(before: Awaited<ReturnType<typeof counts>>) {
  // A partial file is removed as its write stream closes; allow that a moment.
  for (let i = 0; i < 20 && (await counts()).stored !== before.stored; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await counts()).toEqual(before);
}

describe('POST /api/projects/submit', () => {
  it('stores the submission and its files, answers { submissionId, message }, mails client and business', async () => {
    const body = fields();
    const res = await postMultipart(
      url,
      multipartBody(body, [wav('verse.wav', 5000), wav('chorus.wav', 70_000)]),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ submissionId: expect.any(String), message: m.submitted });
    const id = res.body.submissionId as string;

    const [row] = await t.db.select().from(projectSubmissions).where(eq(projectSubmissions.id, id));
    expect(row).toMatchObject({
      name: 'Nina Simone',
      email: body.email,
      timeline: '2 weeks',
      paymentState: 'unpaid',
    });
    const files = await t.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, id));
    expect(files.map((f) => [f.originalName, f.sizeBytes, f.contentType]).sort()).toEqual([
      ['chorus.wav', 70_000, 'audio/wav'],
      ['verse.wav', 5000, 'audio/wav'],
    ]);
    for (const f of files) {
      expect(f.storageKey).toMatch(/^submissions\/[0-9a-f-]{36}$/);
      expect(await t.storage.exists(f.storageKey)).toBe(true);
    }

    const [confirmation] = await smtp.waitFor(body.email);
    expect(confirmation?.subject).toBe('We received your project: Song Mix');
    expect(confirmation?.text).toContain('within 24 hours');
    const notice = (await smtp.waitFor('studio@example.com')).find((mail) =>
      mail.text?.includes(id),
    );
    expect(notice?.subject).toBe('New project: Song Mix from Nina Simone');
    expect(addressesOf(notice?.replyTo)).toEqual([body.email]);
    expect(notice?.text).toContain('- verse.wav (4.9 KB)');
    expect(notice?.text).toContain('- chorus.wav (68.4 KB)');
  });

  it('accepts a submission without files, and finds the service by SKU', async () => {
    const res = await postMultipart(url, multipartBody(fields({ service: 'SM-001' }), []));
    expect(res.status).toBe(201);
  });

  it('accepts video and .zip by content', async () => {
    const mp4 = Buffer.from('\x00\x00\x00\x20ftypisom\x00\x00\x02\x00', 'latin1');
    const zip = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1');
    const res = await postMultipart(
      url,
      multipartBody(fields(), [
        { filename: 'cut.mp4', head: mp4, size: 4096 },
        { filename: 'stems.zip', head: zip, size: 4096 },
      ]),
    );
    expect(res.status).toBe(201);
  });

  // Spec section 5, Project form: checked in this order, the first failing rule is the message.
  it.each([
    [{ name: '' }, m.nameRequired],
    [{ name: '   ', email: '' }, m.nameRequired],
    [{ email: '' }, m.emailRequired],
    [{ email: 'nina@' }, m.emailInvalid],
    [{ service: '' }, m.serviceRequired],
    [{ service: 'Kazoo Lessons' }, m.serviceRequired],
    [{ notes: '' }, m.notesRequired],
    [{ notes: '  too short   ' }, m.notesTooShort],
  ])('%j answers 400 "%s" and leaves nothing', async (overrides, message) => {
    const before = await counts();
    const res = await postMultipart(url, multipartBody(fields(overrides), [wav('a.wav')]));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    await expectNothingLeft(before);
  });

  it('refuses a 21st file with "Maximum 20 files allowed" and leaves nothing', async () => {
    const before = await counts();
    const files = Array.from({ length: 21 }, (_, i) => wav(`take-${i}.wav`));
    const res = await postMultipart(url, multipartBody(fields(), files));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.tooManyFiles);
    await expectNothingLeft(before);
  });

  it('refuses a file of exactly 400 MB (one byte over the limit) with 413 and leaves nothing', async () => {
    const before = await counts();
    const res = await postMultipart(
      url,
      multipartBody(fields(), [
        wav('fine.wav'),
        wav('huge.wav', 419_430_400),
        wav('also-fine.wav'),
      ]),
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'Files must be under 400MB. 1 file(s) too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expectNothingLeft(before);
  }, 60_000);

  it('counts every file that is too large', async () => {
    const before = await counts();
    const res = await postMultipart(
      url,
      multipartBody(fields(), [wav('one.wav', 419_430_400), wav('two.wav', 419_430_401)]),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(m.filesTooLarge(2));
    await expectNothingLeft(before);
  }, 90_000);

  it('accepts a file one byte under the limit', async () => {
    const res = await postMultipart(url, multipartBody(fields(), [wav('max.wav', 419_430_399)]));
    expect(res.status).toBe(201);
    const [file] = await t.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, res.body.submissionId as string));
    expect(file?.sizeBytes).toBe(419_430_399);
    await t.storage.delete(file?.storageKey ?? '');
  }, 60_000);

  it('refuses an .exe renamed .wav with 415 naming the file, and leaves nothing', async () => {
    const before = await counts();
    const res = await postMultipart(
      url,
      multipartBody(fields(), [
        wav('ok.wav'),
        { filename: 'drums.wav', head: exeHead, size: 10_000 },
      ]),
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message: m.fileTypeRefused('drums.wav'),
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expectNothingLeft(before);
  });

  it('refuses an empty file', async () => {
    const res = await postMultipart(
      url,
      multipartBody(fields(), [{ filename: 'empty.wav', head: Buffer.alloc(0), size: 0 }]),
    );
    expect(res.status).toBe(415);
  });

  it('refuses a file named ../../etc/passwd.wav and writes nothing anywhere', async () => {
    const before = await counts();
    const res = await postMultipart(url, multipartBody(fields(), [wav('../../etc/passwd.wav')]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file name "../../etc/passwd.wav" is not allowed');
    await expectNothingLeft(before);
  });

  it('leaves nothing when the client disconnects mid-file', async () => {
    const before = await counts();
    const partial = async () => (await t.unfinishedWrites()).length > 0;
    const body = multipartBody(fields(), [wav('cut-off.wav', 300 * 1024 * 1024)]);
    const req = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': body.contentType },
    });
    req.on('error', () => {});
    body.stream.pipe(req);
    // Pull the plug once part of the file is on the server's disk.
    await until(partial, 10_000, 'a partial file');
    body.stream.unpipe(req);
    body.stream.destroy();
    req.destroy();
    await until(async () => !(await partial()), 10_000, 'the partial file removed');
    expect(await counts()).toEqual(before);
  });

  it('answers 415 for a JSON body', async () => {
    const res = await read(t.client.api.projects.submit.$post({ json: fields() }));
    expect(res.status).toBe(415);
  });
});

describe('submission rate limit', () => {
  it('answers 429 past SUBMISSION_RATE_LIMIT_PER_HOUR for one address', async () => {
    const limited = await createTestApp({
      SUBMISSION_RATE_LIMIT_PER_HOUR: '2',
      TRUST_PROXY: 'true',
    });
    const base = `${await limited.listen()}${limited.client.api.projects.submit.$path()}`;
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await postMultipart(base, multipartBody(fields(), []), {
        'X-Forwarded-For': '10.9.9.9',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    const other = await postMultipart(base, multipartBody(fields(), []), {
      'X-Forwarded-For': '10.9.9.8',
    });
    expect(other.status).toBe(201);
  });
});
