import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createDb } from '../src/db/client.ts';
import { projectVersionFiles, projectVersions } from '../src/db/schema/project-room.ts';
import { roomFileUrl } from '../src/services/project-room/room-url.ts';
import { localDiskStorage } from '../src/services/storage/local-disk-storage.ts';
import type { Storage } from '../src/services/storage/storage.ts';
import { wavHead } from '../src/test/multipart.ts';
import { startTestS3 } from '../src/test/s3.ts';
import { createSubmission } from '../src/test/submissions.ts';
import { type BenchResult, type BenchRow, fmt, MB } from './result.ts';
import { startAdminBench } from './server.ts';

const PREVIEW_BYTES = 100 * MB;
const SEEKS = 60;
/** What each seek asks for: 256 KB from a random point (a player's first read after a seek). */
const SEEK_CHUNK = 256 * 1024;
const LISTENERS = 20;
const SECRET = 'bench-preview-secret-0123456789abcdef0123';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The player's connection, kept alive between seeks as a browser keeps its connection to the
 * page's origin: the figure is the server's answer, not a TCP handshake.
 */
const player = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds from the request to the first byte of the answer's body (the rest read too). */
function firstByte(url: string, range: string) {
  const started = performance.now();
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const req = http.get(url, { agent: player, headers: { Range: range } }, (res) => {
      let ms = 0;
      res.once('data', () => {
        ms = performance.now() - started;
      });
      res.on('data', () => {});
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ms }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

/** A whole listen: the file read to its end as the player streams it; status and bytes. */
function listen(url: string) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const req = http.get(url, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

/**
 * Seeks in a 100 MB preview through
 * GET /api/projects/:id/room/files/:fileId (a signed URL, Range from a random point, as the
 * audio element asks after a seek) from a separate API process on one store, timed to the
 * first byte, beside reading the same range from storage directly in this process; then 20
 * listeners streaming it at once, the API's resident memory sampled.
 */
async function measure(
  label: string,
  env: Record<string, string>,
  storageOf: (dataDir: string) => Storage,
): Promise<BenchRow[]> {
  const bench = await startAdminBench(`preview-${label.split(' ')[0]}`, {
    APP_SECRET: SECRET,
    // The rate limit's counters where a deployment of several machines keeps them.
    REDIS_URL: 'redis://127.0.0.1:6379',
    ...env,
  });
  const { db, sql } = createDb(bench.databaseUrl, { max: 2 });
  try {
    const storage = storageOf(bench.dataDir);
    const key = `project-files/${randomUUID()}`;
    const block = randomBytes(MB);
    const hash = createHash('sha256');
    async function* blocks() {
      const head = wavHead();
      for (let sent = 0; sent < PREVIEW_BYTES; sent += MB) {
        const chunk = Buffer.from(block);
        if (sent === 0) head.copy(chunk);
        hash.update(chunk);
        yield chunk;
      }
    }
    await storage.put(key, Readable.from(blocks(), { objectMode: false }));
    const { submission } = await createSubmission(db);
    const [version] = await db
      .insert(projectVersions)
      .values({ submissionId: submission.id, number: 1, note: 'v1' })
      .returning();
    const [file] = await db
      .insert(projectVersionFiles)
      .values({
        versionId: version?.id ?? '',
        submissionId: submission.id,
        kind: 'preview',
        name: 'Song preview.wav',
        storageKey: key,
        contentType: 'audio/wav',
        sizeBytes: PREVIEW_BYTES,
        sha256: hash.digest('hex'),
      })
      .returning();
    const url = `${bench.server.url}${roomFileUrl(SECRET, submission.id, file?.id ?? '', 'client')}`;
    bench.step('100 MB preview stored');

    // What HTTP itself costs: the same ranges served from the store by a bare Node server in
    // this process, with no app (information beside the target, which is the direct read).
    const bare = http.createServer(async (req, res) => {
      const [, from, to] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? [];
      const read = await storage.get(key, { start: Number(from), end: Number(to) });
      res.writeHead(206, { 'Content-Length': String(Number(to) - Number(from) + 1) });
      read.stream.pipe(res);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
    const bareMs: number[] = [];

    // Warm up both paths.
    for (let i = 0; i < 5; i++) {
      await firstByte(url, `bytes=0-${SEEK_CHUNK - 1}`);
      const warm = await storage.get(key, { start: 0, end: SEEK_CHUNK - 1 });
      warm.stream.destroy();
    }
    const api: number[] = [];
    const direct: number[] = [];
    const health: number[] = [];
    for (let i = 0; i < SEEKS; i++) {
      const start = Math.floor(Math.random() * (PREVIEW_BYTES - SEEK_CHUNK));
      const seek = await firstByte(url, `bytes=${start}-${start + SEEK_CHUNK - 1}`);
      if (seek.status !== 206) throw new Error(`a seek answered ${seek.status}`);
      api.push(seek.ms);
      const began = performance.now();
      const read = await storage.get(key, { start, end: start + SEEK_CHUNK - 1 });
      await new Promise<void>((resolve, reject) => {
        read.stream.once('data', () => resolve());
        read.stream.once('error', reject);
      });
      direct.push(performance.now() - began);
      read.stream.destroy();
      health.push((await firstByte(`${bench.server.url}/api/health`, 'bytes=0-')).ms);
      bareMs.push((await firstByte(bareUrl, `bytes=${start}-${start + SEEK_CHUNK - 1}`)).ms);
    }
    await new Promise((resolve) => bare.close(resolve));
    bench.step(`${SEEKS} seeks`);

    await new Promise((r) => setTimeout(r, 500));
    const idle = bench.server.rss();
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, bench.server.rss());
    }, 20);
    const began = performance.now();
    const listens = await Promise.allSettled(Array.from({ length: LISTENERS }, () => listen(url)));
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, bench.server.rss());
    const failed = listens.filter(
      (l) => l.status === 'rejected' || l.value.status !== 200 || l.value.bytes !== PREVIEW_BYTES,
    ).length;
    bench.step(`${LISTENERS} listeners`);

    const apiMs = median(api);
    const directMs = median(direct);
    const growth = (peak - idle) / MB;
    return [
      {
        name: `seek: first byte of a Range from a random point, ${label}`,
        value: `${fmt(apiMs, 2)} ms median`,
        baseline: `the same range read from ${label === 'local disk' ? 'the disk' : 's3rver'} directly ${fmt(directMs, 2)} ms median`,
        ratio: apiMs / directMs,
        target: '<= 2x the direct read',
        met: apiMs <= 2 * directMs,
        note: `Beside it in the same run: the same ranges from a bare Node HTTP server reading the store in this process (no app) ${fmt(median(bareMs), 2)} ms median, GET /api/health (a database round trip) ${fmt(median(health), 2)} ms. ${SEEKS} seeks each of 256 KB, taken in turn, on a kept-alive connection as a browser's player holds one. The API's figure includes the HTTP round trip, the signed URL's check, the rate limit and the file's open and read; the direct read is an open and a read in this process`,
      },
      {
        name: `${LISTENERS} listeners at once, ${label}: failed, API peak RSS growth`,
        value: `${failed} failed, ${fmt(growth, 1)} MB`,
        baseline: `idle ${fmt(idle / MB)} MB, peak ${fmt(peak / MB)} MB; ${fmt((LISTENERS * PREVIEW_BYTES) / MB / seconds)} MB/s in all`,
        ratio: null,
        target: '0 failed, < 100 MB',
        met: failed === 0 && growth < 100,
      },
    ];
  } finally {
    player.destroy();
    await sql.end();
    await bench.stop();
  }
}

/**
 * The project room's player (issue 26) on the local disk and on S3 (s3rver, in this process;
 * previews stream through the API on S3 too, decision 046).
 */
export async function previewBench(): Promise<BenchResult> {
  const local = await measure('local disk', {}, (dataDir) =>
    localDiskStorage(path.join(dataDir, 'uploads')),
  );
  const s3 = await startTestS3({ bucket: 'studio-bench-previews' });
  try {
    const onS3 = await measure('S3 (s3rver)', s3.env, () => s3.storage());
    return {
      title: `preview: seeks in a 100 MB preview and ${LISTENERS} listeners at once (GET /api/projects/:id/room/files/:fileId), from the local disk and from S3 (s3rver)`,
      rows: [...local, ...onS3],
    };
  } finally {
    await s3.close();
  }
}
