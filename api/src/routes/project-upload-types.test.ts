import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { projectMessages } from '@studio/shared/messages/projects';
import { uploadMessages } from '@studio/shared/messages/uploads';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectSubmissions, submissionFiles } from '../db/schema/project-submissions.ts';
import { signInAdmin } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { type SampleName, sampleBytes } from '../test/upload-samples.ts';

const m = projectMessages;
let t: TestApp;
let url: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ SUBMISSION_RATE_LIMIT_PER_HOUR: '1000' });
  url = `${await t.listen()}${t.client.api.projects.submit.$path()}`;
  adminToken = (await signInAdmin(t.db)).token;
});

const fields = {
  name: 'Nina Simone',
  email: 'nina@example.com',
  service: 'Song Mix',
  notes: 'Two songs, stems attached, rough mixes for reference.',
};

interface Part {
  /** The Content-Disposition parameters after `name="files"`, as sent, e.g. `filename="a.wav"`. */
  disposition: string;
  bytes: Buffer;
}

/** `filename="…"` with the name's UTF-8 bytes as they are, as browsers send it. */
const plain = (name: string) => `filename="${name}"`;
/** RFC 5987 `filename*=`, which busboy prefers to `filename=` when both are sent. */
const extended = (name: string, fallback = 'fallback.bin') =>
  `filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Posts the form with `parts` as its files, over real HTTP with a Content-Length. */
function submit(parts: Part[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; ${part.disposition}\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(body.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function counts() {
  const [s] = await t.db.select({ n: count() }).from(projectSubmissions);
  const [f] = await t.db.select({ n: count() }).from(submissionFiles);
  return { submissions: s?.n ?? 0, files: f?.n ?? 0, onDisk: (await t.storedFiles()).length };
}

/** The admin's view of the submission's files, and each file downloaded. */
async function adminFiles(submissionId: string) {
  const admin = t.as(adminToken);
  const detail = await read(
    admin.api.admin.submissions[':id'].$get({ param: { id: submissionId } }),
  );
  expect(detail.status).toBe(200);
  const files = detail.body.files as { id: string; originalName: string; contentType: string }[];
  return Promise.all(
    files.map(async (file) => {
      const res = await admin.api.admin.submissions[':id'].files[':fileId'].$get({
        param: { id: submissionId, fileId: file.id },
      });
      expect(res.status).toBe(200);
      return {
        shown: file.originalName,
        contentType: res.headers.get('content-type'),
        disposition: res.headers.get('content-disposition'),
        nosniff: res.headers.get('x-content-type-options'),
        bytes: Buffer.from(await res.arrayBuffer()),
      };
    }),
  );
}

describe('project files judged by content (file-type), over real samples', () => {
  it.each([
    ['wav', 'verse.wav', 'verse.wav', 'audio/wav'],
    ['mp3', 'hook.mp3', 'hook.mp3', 'audio/mpeg'],
    ['flac', 'master.flac', 'master.flac', 'audio/flac'],
    ['ogg', 'demo.ogg', 'demo.ogg', 'audio/ogg'],
    ['m4a', 'voice memo.m4a', 'voice memo.m4a', 'audio/x-m4a'],
    ['mp4', 'cut.mp4', 'cut.mp4', 'video/mp4'],
    ['mov', 'session.MOV', 'session.MOV', 'video/quicktime'],
    ['webm', 'screen.webm', 'screen.webm', 'video/webm'],
    // Named as the sniffer used to call them: stored with the extension of what they are.
    ['mkv', 'obs-take.webm', 'obs-take.mkv', 'video/matroska'],
    ['3gp', 'phone.mp4', 'phone.3gp', 'video/3gpp'],
    ['avi', 'old-cam.avi', 'old-cam.avi', 'video/vnd.avi'],
    ['zip', 'stems', 'stems.zip', 'application/zip'],
  ] as [SampleName, string, string, string][])(
    '%s sent as %j is accepted, stored and downloaded as %j (%s)',
    async (sample, sent, stored, type) => {
      const res = await submit([{ disposition: plain(sent), bytes: sampleBytes(sample) }]);
      expect(res.status).toBe(201);
      const [row] = await t.db
        .select()
        .from(submissionFiles)
        .where(eq(submissionFiles.submissionId, res.body.submissionId as string));
      expect(row).toMatchObject({ originalName: stored, contentType: type });
      const [file] = await adminFiles(res.body.submissionId as string);
      expect(file).toMatchObject({
        shown: stored,
        contentType: type,
        disposition: `attachment; filename="${stored}"; filename*=UTF-8''${encodeURIComponent(stored)}`,
        nosniff: 'nosniff',
      });
      expect(file?.bytes.equals(sampleBytes(sample))).toBe(true);
    },
  );

  it('a WAV/HTML polyglot sent as poly.html is stored and downloaded as poly.wav, audio/wav', async () => {
    const res = await submit([{ disposition: plain('poly.html'), bytes: sampleBytes('polyglot') }]);
    expect(res.status).toBe(201);
    const [file] = await adminFiles(res.body.submissionId as string);
    expect(file).toMatchObject({
      shown: 'poly.wav',
      contentType: 'audio/wav',
      disposition: `attachment; filename="poly.wav"; filename*=UTF-8''poly.wav`,
      nosniff: 'nosniff',
    });
    // The bytes are kept as sent (the script inside included): what changes is how they are named.
    expect(file?.bytes.equals(sampleBytes('polyglot'))).toBe(true);
  });

  it.each([
    ['heic', 'IMG_0001.HEIC'],
    ['avif', 'cover.avif'],
    ['heic', 'photo-renamed.mp4'],
    ['html', 'page.html'],
    ['html', 'page.wav'],
    ['pdf', 'rider.pdf'],
    ['jpeg', 'cover.jpg'],
  ] as [SampleName, string][])(
    'refuses %s sent as %j with 415 naming it, and leaves nothing',
    async (sample, sent) => {
      const before = await counts();
      const res = await submit([
        { disposition: plain('ok.wav'), bytes: sampleBytes('wav') },
        { disposition: plain(sent), bytes: sampleBytes(sample) },
      ]);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: m.fileTypeRefused(sent),
      });
      for (let i = 0; i < 20 && (await counts()).onDisk !== before.onDisk; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await counts()).toEqual(before);
    },
  );
});

describe('project file names', () => {
  // U+202E turns what follows around: `invoice‮vaw.exe` shows as `invoiceexe.wav`.
  const rlo = '\u202e';

  it.each([
    ['filename=', plain(`invoice${rlo}vaw.exe`)],
    ["filename*=UTF-8''", extended(`invoice${rlo}vaw.exe`)],
  ])(
    'removes direction overrides sent in %s, and names the file by its type',
    async (_how, disposition) => {
      const res = await submit([{ disposition, bytes: sampleBytes('wav') }]);
      expect(res.status).toBe(201);
      const [file] = await adminFiles(res.body.submissionId as string);
      expect(file).toMatchObject({
        shown: 'invoicevaw.wav',
        disposition: `attachment; filename="invoicevaw.wav"; filename*=UTF-8''invoicevaw.wav`,
      });
    },
  );

  it('removes every direction mark, isolate and control character, and keeps other letters', async () => {
    const sent = `\u2066Mi\u200fx\u061c \u202aé\u202c\u2069 ✓\u0007 ${rlo}.wav`;
    const res = await submit([{ disposition: extended(sent), bytes: sampleBytes('wav') }]);
    expect(res.status).toBe(201);
    const [file] = await adminFiles(res.body.submissionId as string);
    // The space left before the extension goes with it.
    expect(file?.shown).toBe('Mix é ✓.wav');
    expect(file?.disposition).toBe(
      `attachment; filename="Mix _ _.wav"; filename*=UTF-8''Mix%20%C3%A9%20%E2%9C%93.wav`,
    );
  });

  it('refuses a folder sent in filename*= (a %2F) as a crafted name', async () => {
    const before = await counts();
    const res = await submit([
      { disposition: extended('../../etc/passwd.wav'), bytes: sampleBytes('wav') },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(uploadMessages.fileNameRefused('../../etc/passwd.wav'));
    expect(await counts()).toEqual(before);
  });

  it('cleans a name stored before names were cleaned, in the admin view and the download', async () => {
    const res = await submit([{ disposition: plain('old.wav'), bytes: sampleBytes('wav') }]);
    const id = res.body.submissionId as string;
    await t.db
      .update(submissionFiles)
      .set({ originalName: `old${rlo}vaw.exe` })
      .where(eq(submissionFiles.submissionId, id));
    const [file] = await adminFiles(id);
    expect(file?.shown).toBe('oldvaw.exe');
    expect(file?.disposition).toBe(
      `attachment; filename="oldvaw.exe"; filename*=UTF-8''oldvaw.exe`,
    );
  });
});
