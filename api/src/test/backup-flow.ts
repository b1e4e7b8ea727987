/**
 * The backup and restore commands end to end (decision 032), for one storage back end: data made
 * through the API (an order, a project submission with three files, a product image), `backup`
 * run as the command an operator runs, the database dropped and the files removed, `restore`
 * into the empty database and storage; then every row and every file is back as it was and the
 * API serves them. Each test file that runs it has its own database (it is dropped here).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Storage } from '../services/storage/storage.ts';
import { signInAdmin, signUpCustomer } from './accounts.ts';
import { createTestApp, read, type TestApp } from './harness.ts';
import { testJpeg } from './images.ts';
import { wavHead } from './multipart.ts';
import { createProduct } from './products.ts';
import { sampleBytes } from './upload-samples.ts';

const apiDir = path.resolve(import.meta.dirname, '../..');

/** The command as `pnpm --filter @studio/api backup|restore` runs it, in a clean environment. */
export function runBackupCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every table of the app's schemas (not pg-boss's queue): its row count and an md5 of its rows. */
export async function tableDigests(url: string): Promise<Record<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await sql<{ schema: string; name: string }[]>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
      order by 1, 2`;
    const out: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const [row] = await sql.unsafe<{ n: string; md5: string }[]>(
        `select count(*)::text as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
         from "${schema}"."${name}" t`,
      );
      out[`${schema}.${name}`] = `${row?.n} rows ${row?.md5}`;
    }
    return out;
  } finally {
    await sql.end();
  }
}

/** Every stored file's SHA-256 by key. */
export async function fileDigests(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const { key } of storage.list('')) {
    const { stream } = await storage.get(key);
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    out[key] = hash.digest('hex');
  }
  return out;
}

/** Tables and sequences outside the system schemas. */
export async function relationCount(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: string }[]>`
      select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname <> 'information_schema' and n.nspname !~ '^pg_'`;
    return Number(row?.n);
  } finally {
    await sql.end();
  }
}

const sha256 = (b: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(b as ArrayBuffer))
    .digest('hex');

/**
 * Registers the flow's tests. `env`: settings for the apps and the commands on top of the
 * harness's (the S3 ones for the bucket); `wipeFiles` removes every stored file.
 */
export function backupRestoreFlow({
  name,
  env: extraEnv = async () => ({}),
  wipeFiles,
}: {
  name: string;
  env?: () => Promise<Record<string, string>>;
  wipeFiles: (t: TestApp) => Promise<void>;
}) {
  describe(`backup, wipe and restore ${name}`, () => {
    let t: TestApp;
    let work: string;
    let backupDir: string;
    let env: Record<string, string>;
    let appEnv: Record<string, string>;
    let customer: { token: string; email: string };
    let admin: Awaited<ReturnType<typeof signInAdmin>>;
    let orderId: string;
    let submissionId: string;
    const sent: Record<string, Buffer> = {};
    let imageUrl: string;
    let imageBytes: Buffer;
    let rowsBefore: Record<string, string>;
    let filesBefore: Record<string, string>;

    beforeAll(async () => {
      appEnv = await extraEnv();
      // Orders queue the release of their hold on pg-boss.
      t = await createTestApp(appEnv, { jobs: true });
      work = await mkdtemp(path.join(os.tmpdir(), 'studio-backup-test-'));
      backupDir = path.join(work, 'backup');
      env = {
        DATABASE_URL: t.env.DATABASE_URL ?? '',
        DATA_DIR: t.env.DATA_DIR,
        LOG_LEVEL: 'warn',
        // The harness's storage (TEST_STORAGE) and the file's own.
        ...(t.env.STORAGE === 's3'
          ? {
              STORAGE: 's3',
              S3_ENDPOINT: t.env.S3_ENDPOINT ?? '',
              S3_REGION: t.env.S3_REGION ?? '',
              S3_BUCKET: t.env.S3_BUCKET ?? '',
              S3_ACCESS_KEY_ID: t.env.S3_ACCESS_KEY_ID ?? '',
              S3_SECRET_ACCESS_KEY: t.env.S3_SECRET_ACCESS_KEY ?? '',
              S3_FORCE_PATH_STYLE: String(t.env.S3_FORCE_PATH_STYLE),
            }
          : {}),
      };
      const base = await t.listen();

      const signedUp = await signUpCustomer(t);
      customer = { token: signedUp.token, email: signedUp.user.email };
      const product = await createProduct(t.db, { category: 'digital', priceCents: 1900 });
      const order = await read(
        t
          .as(customer.token)
          .api.orders.$post({ json: { items: [{ productId: product.id, quantity: 2 }] } }),
      );
      expect(order.status).toBe(201);
      orderId = order.body.order.id;

      // Two real samples and 2 MB of random sound, so a byte out of place shows.
      sent['tone.wav'] = sampleBytes('wav');
      sent['clip.mp4'] = sampleBytes('mp4');
      sent['take.wav'] = Buffer.concat([wavHead(), randomBytes(2 * 1024 * 1024)]);
      const form = new FormData();
      form.set('name', 'Nina Simone');
      form.set('email', 'nina@example.com');
      form.set('service', 'Song Mix');
      form.set('notes', 'Two songs, stems attached.');
      for (const [fileName, bytes] of Object.entries(sent))
        form.append('files', new Blob([new Uint8Array(bytes)]), fileName);
      const submitted = await fetch(`${base}/api/projects/submit`, { method: 'POST', body: form });
      expect(submitted.status).toBe(201);
      submissionId = ((await submitted.json()) as { submissionId: string }).submissionId;

      admin = await signInAdmin(t.db);
      const image = new FormData();
      image.set('alt', 'Front');
      image.set('image', new Blob([new Uint8Array(await testJpeg())]), 'front.jpg');
      const uploaded = await fetch(`${base}/api/admin/products/${product.id}/images`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}` },
        body: image,
      });
      expect(uploaded.status).toBe(201);
      const body = (await uploaded.json()) as { product: { images: { url: string }[] } };
      imageUrl = body.product.images[0]?.url ?? '';
      imageBytes = Buffer.from(await (await fetch(`${base}${imageUrl}`)).arrayBuffer());
      expect(imageBytes.length).toBeGreaterThan(1000);

      // Nothing may change the rows between the snapshot and the comparison: the outbox worker
      // would mark the submission's mails sent.
      await t.stopMailWorker();
      await t.stopJobs();
      rowsBefore = await tableDigests(env.DATABASE_URL ?? '');
      filesBefore = await fileDigests(t.storage);
    }, 120_000);

    afterAll(async () => {
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('backs up; after the database is dropped and the files removed, restores every row and file', async () => {
      // What was made is in the snapshot: the 3 project files and the product image's variants
      // beside the seed's images; the order and the submission's rows.
      expect(Object.keys(filesBefore).filter((k) => k.startsWith('submissions/'))).toHaveLength(3);
      expect(Object.keys(filesBefore).length).toBeGreaterThan(10);
      expect(rowsBefore['public.orders']).toMatch(/^1 rows /);
      expect(rowsBefore['public.submission_files']).toMatch(/^3 rows /);

      const backup = await runBackupCli([backupDir], env);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backed up to ${backupDir}`);
      const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest.files).toHaveLength(Object.keys(filesBefore).length);

      // The wipe: the database dropped and made again empty, every file gone.
      const dbName = new URL(env.DATABASE_URL ?? '').pathname.slice(1);
      const server = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
      try {
        await server.unsafe(`DROP DATABASE "${dbName}" WITH (FORCE)`);
        await server.unsafe(`CREATE DATABASE "${dbName}" TEMPLATE template0`);
      } finally {
        await server.end();
      }
      await wipeFiles(t);
      expect(await relationCount(env.DATABASE_URL ?? '')).toBe(0);
      expect(await fileDigests(t.storage)).toEqual({});

      const restored = await runBackupCli([backupDir, '--restore'], env);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain('Restored the backup of');

      expect(await tableDigests(env.DATABASE_URL ?? '')).toEqual(rowsBefore);
      expect(await fileDigests(t.storage)).toEqual(filesBefore);
    }, 120_000);

    it('the restored API serves the data and the files', async () => {
      // A new app on the restored database and storage, as a restarted server would be.
      const r = await createTestApp({ ...appEnv, DATA_DIR: t.env.DATA_DIR });
      const base = await r.listen();

      // Sessions and passwords are rows like any other: the customer's token and password work.
      const order = await read(
        r.as(customer.token).api.orders[':id'].$get({ param: { id: orderId } }),
      );
      expect(order.status).toBe(200);
      expect(order.body.order.items).toMatchObject([{ quantity: 2 }]);
      const login = await read(
        r.client.api.auth.login.$post({ json: { email: customer.email, password: 'Secret123' } }),
      );
      expect(login.status).toBe(200);

      const detail = await read(
        r.as(admin.token).api.admin.submissions[':id'].$get({ param: { id: submissionId } }),
      );
      expect(detail.status).toBe(200);
      expect(detail.body.files).toHaveLength(3);
      for (const file of detail.body.files as { originalName: string; downloadUrl: string }[]) {
        // Followed wherever it leads (the API, or a signed link).
        const res = await fetch(new URL(file.downloadUrl, base), {
          headers: { Authorization: `Bearer ${admin.token}` },
        });
        expect(res.status).toBe(200);
        const expected = sent[file.originalName];
        expect(expected).toBeDefined();
        expect(sha256(await res.arrayBuffer())).toBe(sha256(expected ?? Buffer.alloc(0)));
      }

      const image = await fetch(new URL(imageUrl, base));
      expect(image.status).toBe(200);
      expect(sha256(await image.arrayBuffer())).toBe(sha256(imageBytes));
    }, 60_000);
  });
}
