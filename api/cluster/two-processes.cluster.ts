import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from '../src/client.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/migrate.ts';
import { appSettings } from '../src/db/schema/app-settings.ts';
import { emailBlastRecipients } from '../src/db/schema/email-blasts.ts';
import { products } from '../src/db/schema/products.ts';
import { submissionFiles } from '../src/db/schema/project-submissions.ts';
import { projectUploads } from '../src/db/schema/project-uploads.ts';
import { rateLimits } from '../src/db/schema/rate-limits.ts';
import { users } from '../src/db/schema/users.ts';
import { seedProducts } from '../src/db/seed.ts';
import { startJobs } from '../src/jobs/jobs.ts';
import { createLogger } from '../src/lib/logger.ts';
import { blastOf } from '../src/test/blasts.ts';
import { newUser, read } from '../src/test/harness.ts';
import { testJpeg } from '../src/test/images.ts';
import { multipartBody, postMultipart, wavHead } from '../src/test/multipart.ts';
import { type Running, startApi, until } from '../src/test/process.ts';
import { startTestS3, type TestS3 } from '../src/test/s3.ts';
import { createTestDatabase } from '../src/test/setup-db.ts';
import { startSmtpServer } from '../src/test/smtp.ts';

/**
 * Issue 17: two real API processes (`node --import tsx src/index.ts`) on one PostgreSQL database
 * and one S3 bucket (s3rver), each with a data folder of its own as on two machines, mailing to
 * one SMTP test server. Rate limits in the machine's Redis under a prefix of this run's own; the
 * pair started together on an empty database counts them in PostgreSQL.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_KEY_PREFIX = `studio-cluster:${randomBytes(6).toString('hex')}:`;
const ADMIN_EMAIL = 'owner@cluster.example';
const ADMIN_PASSWORD = 'ClusterPass123';

let s3: TestS3;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const running: Running[] = [];
const folders: string[] = [];
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  [s3, smtp] = await Promise.all([startTestS3({ bucket: 'studio-cluster' }), startSmtpServer()]);
});
afterAll(async () => {
  for (const run of running) if (run.child.exitCode === null) await run.stop('SIGKILL');
  for (const close of closing.splice(0).reverse()) await close();
  await s3?.close();
  const raw = new Redis(REDIS_URL);
  const keys = await raw.keys(`${REDIS_KEY_PREFIX}*`);
  if (keys.length > 0) await raw.del(...keys);
  raw.disconnect();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** One API process on `databaseUrl`, sharing the bucket and the SMTP server. */
async function startProcess(name: string, databaseUrl: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `studio-cluster-${name}-`));
  folders.push(dataDir);
  const run = await startApi({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    SMTP_URL: smtp.url,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_IP: '6',
    BLAST_RATE: '40',
    ...s3.env,
    ...env,
  });
  running.push(run);
  dataDirs.set(run, dataDir);
  return run;
}

const dataDirs = new Map<Running, string>();

function openDb(url: string): Db {
  const client = createDb(url, { max: 3 });
  closing.push(() => client.sql.end());
  return client.db;
}

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const api = (run: Running, token?: string) =>
  createClient(run.url, { getToken: () => token ?? null });

async function signIn(run: Running, ip: string) {
  const res = await api(run).auth.login.$post(
    { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } },
    { headers: from(ip) },
  );
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').match(/studio_device=[^;]+/)?.[0];
  const body = (await res.json()) as { token: string };
  return { token: body.token, deviceCookie: cookie ?? '' };
}

/** Sign-ups from `ip`, alternating between the processes; answers their statuses. */
async function signUps(runs: Running[], ip: string, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const run = runs[i % runs.length] as Running;
    const res = await api(run).auth.register.$post({ json: newUser() }, { headers: from(ip) });
    statuses.push(res.status);
  }
  return statuses;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

async function newDraft(run: Running, headers: Record<string, string>) {
  const res = await fetch(`${run.url}/api/uploads/drafts`, { method: 'POST', headers });
  expect(res.status).toBe(201);
  return ((await res.json()) as { draftToken: string }).draftToken;
}

async function createTusUpload(
  run: Running,
  draft: string,
  size: number,
  name: string,
  headers: Record<string, string>,
) {
  const res = await fetch(`${run.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      ...headers,
      'Upload-Draft': draft,
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')?.split('/').pop() ?? '';
}

const tusHead = (run: Running, draft: string, id: string) =>
  fetch(`${run.url}/api/uploads/${id}`, {
    method: 'HEAD',
    headers: { ...TUS, 'Upload-Draft': draft },
  });

const patchHeaders = (draft: string, offset: number) => ({
  ...TUS,
  'Upload-Draft': draft,
  'Upload-Offset': String(offset),
  'Content-Type': 'application/offset+octet-stream',
});

const tusPatch = (run: Running, draft: string, id: string, offset: number, body: Buffer) =>
  fetch(`${run.url}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: patchHeaders(draft, offset),
    body: new Uint8Array(body),
  });

/**
 * A PATCH of the whole file from offset 0 over a raw socket, of which `cut` bytes are sent; the
 * connection is then dropped. Resolves with how the request ended.
 */
function cutPatch(run: Running, draft: string, id: string, file: Buffer, cut: number) {
  return new Promise<string>((resolve) => {
    const req = http.request(`${run.url}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...patchHeaders(draft, 0), 'Content-Length': String(file.length) },
    });
    req.on('response', (res) => resolve(`answered ${res.statusCode}`));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.write(file.subarray(0, cut), () => {
      // Time for the bytes to cross loopback before the line goes.
      setTimeout(() => req.destroy(new Error('aborted')), 500);
    });
  });
}

/**
 * A PATCH of the whole file of which `cut` bytes are sent, then nothing (the connection stays
 * open) until `sendRest()`. `answer` is A's answer: its status and Upload-Offset.
 */
function startStalledPatch(run: Running, draft: string, id: string, file: Buffer, cut: number) {
  const req = http.request(`${run.url}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: { ...patchHeaders(draft, 0), 'Content-Length': String(file.length) },
  });
  const answer = new Promise<{ status: number; offset: string | undefined } | string>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, offset: res.headers['upload-offset'] as string });
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
  const sent = new Promise<void>((resolve) => req.write(file.subarray(0, cut), () => resolve()));
  return {
    sent,
    answer,
    sendRest: () => {
      if (!req.destroyed) req.end(file.subarray(cut));
    },
  };
}

/** POST /api/projects/submit-uploads on `run`; answers the stored key of its one file. */
async function submitThrough(
  run: Running,
  draftToken: string,
  uploadIds: string[],
  headers: Record<string, string>,
) {
  const res = await fetch(`${run.url}/api/projects/submit-uploads`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Nina Simone',
      email: 'nina@cluster.example',
      service: 'Song Mix',
      notes: 'Sent from two machines.',
      draftToken,
      uploadIds,
    }),
  });
  const body = (await res.json()) as { submissionId: string };
  expect(res.status).toBe(201);
  const [file, ...more] = await clusterDb
    .select({ key: submissionFiles.storageKey })
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, body.submissionId));
  expect(more).toEqual([]);
  return file?.key ?? '';
}

/** An object's bytes, read from the bucket itself. */
async function bucketBytes(key: string) {
  const { stream } = await s3.storage().get(key);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

let clusterDb: Db;

describe('two API processes on one database, one bucket and one Redis', () => {
  let a: Running;
  let b: Running;
  let url: string;
  let db: Db;
  let admin: { token: string; deviceCookie: string };

  beforeAll(async () => {
    url = await createTestDatabase();
    db = openDb(url);
    clusterDb = db;
    const env = { REDIS_URL, REDIS_KEY_PREFIX };
    a = await startProcess('a', url, env);
    b = await startProcess('b', url, env);
    admin = await signIn(a, '10.0.0.1');
  });

  it('a session made on A works on B, and signing out on B ends it on A', async () => {
    const { token } = await signIn(a, '10.0.1.1');
    const me = await read(api(b, token).auth.me.$get());
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(ADMIN_EMAIL);
    expect((await api(b, token).auth.logout.$post()).status).toBe(200);
    expect((await api(a, token).auth.me.$get()).status).toBe(401);
  });

  it('sign-up limits count across both (in Redis): 6 per address alternating A and B, then 429 on each with Retry-After', async () => {
    const statuses = await signUps([a, b], '10.0.2.1', 8);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
    const raw = new Redis(REDIS_URL);
    try {
      expect(await raw.hget(`${REDIS_KEY_PREFIX}rl:auth:ip:10.0.2.1`, 'count')).toBe('8');
    } finally {
      raw.disconnect();
    }
    expect(await db.select().from(rateLimits)).toEqual([]);
  });

  it('failed sign-ins on B hold the account on A; the device cookie A signed is trusted by B (one secret)', async () => {
    const client = (run: Running, ip: string, password: string, cookie?: string) =>
      api(run).auth.login.$post(
        { json: { email: ADMIN_EMAIL, password } },
        { headers: { ...from(ip), ...(cookie ? { Cookie: cookie } : {}) } },
      );
    for (let i = 0; i < 3; i += 1) {
      expect((await client(b, `10.0.3.${i}`, 'Wrong12345')).status).toBe(401);
    }
    const held = await read(client(a, '10.0.3.9', ADMIN_PASSWORD));
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // admin.deviceCookie was set by A at the first sign-in: B knows the device.
    expect(admin.deviceCookie).toMatch(/^studio_device=/);
    expect((await client(b, '10.0.3.10', ADMIN_PASSWORD, admin.deviceCookie)).status).toBe(200);
  });

  it('a product edited through one process is read fresh from the other at once (5 edits, both ways)', async () => {
    const [product] = await db.select().from(products).where(eq(products.sku, 'BK-002'));
    if (!product) throw new Error('no seeded product');
    const seen: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
      // The reader has the product and the list in its cache (the second read is a hit).
      for (let i = 0; i < 2; i += 1) {
        await api(reader).products[':id'].$get({ param: { id: product.id } });
        await api(reader).products.$get({ query: {} });
      }
      const name = `Studio Notebook, edition ${round}`;
      const put = await api(writer, admin.token).admin.products[':id'].$put({
        param: { id: product.id },
        json: { name },
      });
      expect(put.status).toBe(200);
      const one = await read(api(reader).products[':id'].$get({ param: { id: product.id } }));
      const list = await read(api(reader).products.$get({ query: {} }));
      seen.push(one.body.product.name);
      expect(list.body.products.find((p: { id: string }) => p.id === product.id)?.name).toBe(name);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4].map((r) => `Studio Notebook, edition ${r}`));
  });

  it('an image uploaded through A is in the bucket and served by B', async () => {
    const [product] = await db.select().from(products).where(eq(products.sku, 'AP-001'));
    if (!product) throw new Error('no seeded product');
    const jpeg = await testJpeg({ width: 640, height: 480 });
    const added = await postMultipart(
      `${a.url}/api/admin/products/${product.id}/images`,
      multipartBody({}, [
        {
          field: 'image',
          filename: 'tee.jpg',
          head: jpeg,
          size: jpeg.length,
          contentType: 'image/jpeg',
        },
      ]),
      { Authorization: `Bearer ${admin.token}` },
    );
    expect(added.status).toBe(201);
    const images = (added.body.product as { images: { url: string }[] }).images;
    const url = images.at(-1)?.url ?? '';
    expect(url).toMatch(/^\/api\/media\/products\//);
    const [fromA, fromB] = await Promise.all([fetch(`${a.url}${url}`), fetch(`${b.url}${url}`)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it('a blast started on A, its job queued 3 more times while it runs, mails each of 60 addresses exactly once', async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `fan${i}@cluster.example`);
    const subject = `Cluster news ${randomBytes(3).toString('hex')}`;
    const posted = postMultipart(
      `${a.url}/api/events/admin/send-email-blast`,
      multipartBody({ emails: emails.join('\n'), subject }, []),
      { Authorization: `Bearer ${admin.token}` },
    );
    const blastId = await until(
      async () => (await blastOf(db, { subject }))?.id,
      10_000,
      'the blast row',
      20,
    );
    // Extra jobs for the same blast, taken by whichever process polls first (A's or B's).
    const jobs = await startJobs({ url, log: createLogger({ LOG_LEVEL: 'silent' }) });
    closing.push(() => jobs.stop());
    for (let i = 0; i < 3; i += 1) await jobs.send('email-blast', { blastId });
    expect((await posted).status).toBeLessThan(300);
    await until(
      async () => (await blastOf(db, { id: blastId }))?.status === 'done',
      20_000,
      'the blast to be done',
      50,
    );
    // Let any second worker that was waiting for the blast's lock finish too.
    await new Promise((r) => setTimeout(r, 2500));
    const arrived = emails.map((e) => smtp.to(e).filter((m) => m.subject === subject).length);
    expect(arrived).toEqual(emails.map(() => 1));
    const rows = await db
      .select({ status: emailBlastRecipients.status })
      .from(emailBlastRecipients)
      .where(eq(emailBlastRecipients.blastId, blastId));
    expect(rows.map((r) => r.status)).toEqual(emails.map(() => 'sent'));
  });

  it('the mail outbox: 20 contact messages through A and B, each notice mailed once though both workers poll', async () => {
    const tag = randomBytes(3).toString('hex');
    for (let i = 0; i < 20; i += 1) {
      const res = await api(i % 2 === 0 ? a : b).contact.$post(
        {
          json: {
            name: `Visitor ${tag}-${i}`,
            email: `visitor${i}@cluster.example`,
            subject: 'Outbox',
            message: 'Two processes, one outbox.',
          },
        },
        { headers: from(`10.0.5.${i}`) },
      );
      expect(res.status).toBe(201);
    }
    const notices = () =>
      smtp.received.filter((m) => m.subject?.startsWith(`Contact: Outbox from Visitor ${tag}-`));
    await until(() => notices().length >= 20, 15_000, '20 notices', 50);
    // Time for a second send of any of them to arrive.
    await new Promise((r) => setTimeout(r, 2500));
    const subjects = notices().map((m) => m.subject);
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
  });

  it('a tus upload cut at 60% on A resumes on A2, a second process on A’s machine (one DATA_DIR), sending only the rest', async () => {
    const a2 = await startProcess('a2', url, {
      REDIS_URL,
      REDIS_KEY_PREFIX,
      DATA_DIR: dataDirs.get(a) ?? '',
    });
    const tus = { 'Tus-Resumable': '1.0.0' };
    const drafted = await fetch(`${a.url}/api/uploads/drafts`, { method: 'POST' });
    expect(drafted.status).toBe(201);
    const { draftToken } = (await drafted.json()) as { draftToken: string };
    const size = 200_000;
    const bytes = Buffer.concat([wavHead(), Buffer.alloc(size - 44, 7)]);
    const created = await fetch(`${a.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Draft': draftToken,
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${Buffer.from('take.wav').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')?.split('/').pop() ?? '';
    const patch = (run: Running, offset: number, body: Buffer) =>
      fetch(`${run.url}/api/uploads/${id}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'Upload-Draft': draftToken,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      });
    const cut = 120_000;
    expect((await patch(a, 0, bytes.subarray(0, cut))).status).toBe(204);
    const head = await fetch(`${a2.url}/api/uploads/${id}`, {
      method: 'HEAD',
      headers: { ...tus, 'Upload-Draft': draftToken },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(cut));
    const rest = await patch(a2, cut, bytes.subarray(cut));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(size));
    const [row] = await db.select().from(projectUploads).where(eq(projectUploads.id, id));
    expect(row?.receivedBytes).toBe(size);
    expect(row?.completedAt).toBeInstanceOf(Date);
    await a2.stop('SIGTERM');
  });

  it('a tus upload cut at 60% on A resumes on B, another machine (own DATA_DIR): HEAD on B gives the offset, B takes the rest and the submission, each byte stored once', async () => {
    const ip = from('10.0.6.1');
    const draft = await newDraft(a, ip);
    const size = 20 * 1024 * 1024;
    const file = Buffer.concat([wavHead(), randomBytes(size - 44)]);
    const id = await createTusUpload(a, draft, size, 'session.wav', ip);
    // 60% sent to A, then the connection drops.
    const cut = Math.round(size * 0.6);
    const onA = await cutPatch(a, draft, id, file, cut);
    expect(onA).toMatch(/ECONNRESET|socket hang up|aborted/);
    const head = await tusHead(b, draft, id);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    // What A stored of the 12 MB it was sent: at least its first 8 MB part, at most all of it.
    expect(offset).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    expect(offset).toBeLessThanOrEqual(cut);
    const rest = await tusPatch(b, draft, id, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(size));
    const [row] = await db.select().from(projectUploads).where(eq(projectUploads.id, id));
    expect(row?.receivedBytes).toBe(size);
    expect(row?.completedAt).toBeInstanceOf(Date);
    // The project is submitted through B; the stored file is the file.
    const key = await submitThrough(b, draft, [id], ip);
    expect((await bucketBytes(key)).equals(file)).toBe(true);
  });

  it('a PATCH stalled on A when B is asked: A’s request is released within tus’s 3 s drain, B resumes from what A stored, A’s late bytes are not stored', async () => {
    const ip = from('10.0.7.1');
    const draft = await newDraft(a, ip);
    const size = 20 * 1024 * 1024;
    const file = Buffer.concat([wavHead(), randomBytes(size - 44)]);
    const id = await createTusUpload(a, draft, size, 'stalled.wav', ip);
    const cut = Math.round(size * 0.6);
    // 60% sent to A; the connection stays open and sends nothing more (a stalled phone).
    const stalled = startStalledPatch(a, draft, id, file, cut);
    await stalled.sent;
    await new Promise((r) => setTimeout(r, 300));
    const asked = Date.now();
    const head = await tusHead(b, draft, id);
    const waited = Date.now() - asked;
    expect(head.status).toBe(200);
    // A let go: its write ended cleanly with all it had (the 12 MB), so B's offset is exactly that.
    expect(head.headers.get('upload-offset')).toBe(String(cut));
    expect(waited).toBeGreaterThanOrEqual(2500);
    expect(waited).toBeLessThan(8000);
    // A answered its stalled request (the offset it stored) and closes the connection.
    expect(await stalled.answer).toEqual({ status: 204, offset: String(cut) });
    // The stalled client wakes up and sends the rest to A after all: nothing of it is stored.
    stalled.sendRest();
    const rest = await tusPatch(b, draft, id, cut, file.subarray(cut));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(size));
    const [row] = await db.select().from(projectUploads).where(eq(projectUploads.id, id));
    expect(row?.receivedBytes).toBe(size);
    const key = await submitThrough(b, draft, [id], ip);
    expect((await bucketBytes(key)).equals(file)).toBe(true);
  });

  it('A killed (SIGKILL) in the middle of a request: B answers 200 to every request throughout', async () => {
    const answers: number[] = [];
    let stop = false;
    const loop = (async () => {
      while (!stop) {
        const [list, me] = await Promise.all([
          fetch(`${b.url}/api/products`),
          fetch(`${b.url}/api/auth/me`, { headers: { Authorization: `Bearer ${admin.token}` } }),
        ]);
        answers.push(list.status, me.status);
        await Promise.all([list.arrayBuffer(), me.arrayBuffer()]);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    // A slow request: a body of 1,000 bytes announced, 10 sent, the rest never.
    const cut = new Promise<string>((resolve) => {
      const req = http.request(`${a.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' },
      });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      req.write('{"name": "');
    });
    await new Promise((r) => setTimeout(r, 300));
    const before = answers.length;
    await a.stop('SIGKILL');
    expect(await cut).toMatch(/ECONNRESET|socket hang up/);
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await loop;
    expect(before).toBeGreaterThan(4);
    expect(answers.length - before).toBeGreaterThan(10);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    // And B still writes: a session made on it after A died.
    expect((await signIn(b, '10.0.4.1')).token).toMatch(/\w{20,}/);
  });
});

describe('two API processes started at once on an empty database', () => {
  const journal: { entries: unknown[] } = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  );
  let url: string;
  let pair: Running[];
  let db: Db;

  beforeAll(async () => {
    const adminSql = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
    const name = `${inject('pgRunPrefix')}_empty_${randomBytes(4).toString('hex')}`;
    await adminSql.unsafe(`CREATE DATABASE "${name}"`);
    closing.push(async () => {
      await adminSql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminSql.end();
    });
    const u = new URL(inject('pgServerUrl'));
    u.pathname = `/${name}`;
    url = u.toString();
    // No REDIS_URL: their rate limits are counted in PostgreSQL.
    pair = await Promise.all([startProcess('c', url), startProcess('d', url)]);
    db = openDb(url);
  });

  it('both come up; the migrations ran once, the seed and the first admin were made once, one app secret', async () => {
    for (const run of pair) expect((await fetch(`${run.url}/api/health`)).status).toBe(200);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const applied = await sql`select hash from drizzle.__drizzle_migrations`;
      expect(applied).toHaveLength(journal.entries.length);
    } finally {
      await sql.end();
    }
    expect((await db.select({ n: count() }).from(products))[0]?.n).toBe(seedProducts.length);
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(1);
    expect(await db.select().from(appSettings)).toHaveLength(1);
    const created = pair.map((run) => (run.output().match(/admin account created/g) ?? []).length);
    expect(created.sort()).toEqual([0, 1]);
  });

  it('sign-up limits count across both in PostgreSQL: 6 alternating, then 429 on each', async () => {
    expect(await signUps(pair, '10.1.0.1', 8)).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, 'auth:ip:10.1.0.1'));
    expect(row?.count).toBe(8);
  });
});
