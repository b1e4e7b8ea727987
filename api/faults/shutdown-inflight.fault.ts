import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { wavHead } from '../src/test/multipart.ts';
import { startApi, until } from '../src/test/process.ts';
import { processBed } from '../src/test/process-bed.ts';

/**
 * SIGTERM while a request and a job are in flight: a visitor's upload that trickles in and would
 * take minutes, and a job stuck on a lock another session holds. The process exits 0 within 10 s
 * (a supervisor's usual grace period before SIGKILL); the job is not lost but handed back to
 * pg-boss to run again. An idle process exits at once.
 */

const { databaseUrl, dataDir, running } = await processBed('shutdown');

/** A submission whose one file arrives at 64 KB every 50 ms: minutes for the whole. */
function tricklingUpload() {
  const boundary = `----slow${randomBytes(8).toString('hex')}`;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  async function* generate() {
    const fields = {
      name: 'Slow Client',
      email: 'slow@example.com',
      service: 'SM-001',
      notes: 'An upload still arriving when the server is told to stop.',
    };
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="slow.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    yield wavHead();
    for (let i = 0; i < 5000; i++) {
      yield chunk;
      await new Promise((r) => setTimeout(r, 50));
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    stream: Readable.from(generate()),
  };
}

const env = () => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
});

describe('SIGTERM', () => {
  it('exits within 10 s with a slow upload and a stuck job in flight; the job runs again later', async () => {
    const api = await startApi(env());
    running.push(api);
    const boss = new PgBoss({
      connectionString: databaseUrl,
      max: 1,
      supervise: false,
      schedule: false,
    });
    const locker = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await boss.start();
      // Another session holds the orders table: the order-release job waits on its lock.
      let locked: () => void = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const transaction = locker.begin(async (tx) => {
        await tx`lock table orders in access exclusive mode`;
        locked();
        await held;
      });
      await isLocked;
      const jobId = await boss.send('order-release', { orderId: randomUUID() });
      expect(jobId).toBeTruthy();
      await until(
        async () => (await boss.getJobById('order-release', jobId ?? ''))?.state === 'active',
        15_000,
        'the job to start',
      );

      const upload = tricklingUpload();
      const req = http.request(`${api.url}/api/projects/submit`, {
        method: 'POST',
        headers: { 'Content-Type': upload.contentType },
      });
      const answered = new Promise<string>((resolve) => {
        req.on('response', (res) => resolve(`answered ${res.statusCode}`));
        req.on('error', (error) => resolve(`error ${error.message}`));
      });
      upload.stream.pipe(req);
      const submissions = path.join(dataDir, 'uploads', 'submissions');
      await until(
        () => existsSync(submissions) && readdirSync(submissions).some((n) => n.endsWith('.part')),
        15_000,
        'the upload to be written',
      );

      const signalledAt = performance.now();
      api.child.kill('SIGTERM');
      const code = await api.exited;
      const exitMs = Math.round(performance.now() - signalledAt);
      upload.stream.destroy();
      const clientSaw = await answered;
      release();
      await transaction;

      const job = await boss.getJobById('order-release', jobId ?? '');
      console.log(
        `shutdown in flight: exit ${code} after ${exitMs} ms; upload client saw "${clientSaw}"; job state after: ${job?.state}`,
      );
      expect(code).toBe(0);
      expect(exitMs).toBeLessThan(10_000);
      // Handed back (failed by the stop or by its statement timeout), to be retried: not lost.
      expect(job?.state).toBe('retry');
      expect(api.output()).toContain('"msg":"stopped"');
    } finally {
      release();
      await boss.stop({ graceful: false });
      await locker.end();
    }
  }, 120_000);

  it('exits at once when nothing is in flight', async () => {
    const api = await startApi(env());
    running.push(api);
    // Answered: start-up has returned and the signal handlers are in place.
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    const signalledAt = performance.now();
    const code = await api.stop('SIGTERM');
    const exitMs = Math.round(performance.now() - signalledAt);
    console.log(`shutdown idle: exit ${code} after ${exitMs} ms`);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(3000);
  }, 60_000);
});
