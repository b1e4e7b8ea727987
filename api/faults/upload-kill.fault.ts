import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { wavHead } from '../src/test/multipart.ts';
import { startApi, until } from '../src/test/process.ts';
import { processBed } from '../src/test/process-bed.ts';

/**
 * A server killed (SIGKILL: no cleanup code runs) in the middle of a project submission's
 * upload: the next start removes the `.part` file of the write that never finished at once
 * (its process is gone), a complete file of that upload once it is older than a day (decision
 * 021), and touches nothing a row names (the seed's images). No submission row is left.
 */

const { db, databaseUrl, dataDir, running } = await processBed('upload-kill', { connections: 2 });

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * A submission with a small first file and a large second one sent slowly (64 KB every 10 ms),
 * so that the first is stored whole while the second is still being written.
 */
function slowSubmission() {
  const boundary = `----fault${randomBytes(8).toString('hex')}`;
  const fields = {
    name: 'Killed Upload',
    email: 'killed@example.com',
    service: 'SM-001',
    notes: 'A submission whose server is killed in the middle of the upload.',
  };
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  async function* generate() {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    const part = (name: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: audio/wav\r\n\r\n`,
      );
    yield part('first.wav');
    yield wavHead();
    yield Buffer.alloc(200 * 1024, 0x42);
    yield Buffer.from('\r\n');
    yield part('second.wav');
    yield wavHead();
    for (let i = 0; i < 3000; i++) {
      yield chunk;
      await new Promise((r) => setTimeout(r, 10));
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    stream: Readable.from(generate()),
  };
}

describe('a server killed in the middle of an upload', () => {
  it('leaves no .part file, no orphan file and no submission row after the next start', async () => {
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    };
    const uploads = path.join(dataDir, 'uploads');
    const submissions = path.join(uploads, 'submissions');

    const first = await startApi(env);
    running.push(first);
    const seedFiles = filesUnder(uploads).sort();
    expect(seedFiles.length).toBeGreaterThan(10);

    const body = slowSubmission();
    const req = http.request(`${first.url}/api/projects/submit`, {
      method: 'POST',
      headers: { 'Content-Type': body.contentType },
    });
    const outcome = new Promise<string>((resolve) => {
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (error) => resolve(`error ${error.message}`));
    });
    body.stream.pipe(req);

    // The first file complete (renamed to its key), the second being written.
    await until(
      () => {
        const names = filesUnder(submissions);
        return names.some((n) => !n.endsWith('.part')) && names.some((n) => n.endsWith('.part'));
      },
      30_000,
      'one stored file and one .part file',
    );
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGKILL');
    await first.exited;
    body.stream.destroy();
    expect(await outcome).toMatch(/^error/);

    const left = filesUnder(submissions);
    const partial = left.filter((n) => n.endsWith('.part'));
    const complete = left.filter((n) => !n.endsWith('.part'));
    expect(partial).toHaveLength(1);
    expect(complete).toHaveLength(1);
    const partialBytes = statSync(path.join(submissions, partial[0] ?? '')).size;
    // The complete file's request died before its row: an orphan. Seen by a start a day later.
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    utimesSync(path.join(submissions, complete[0] ?? ''), dayAgo, dayAgo);

    const second = await startApi(env);
    running.push(second);
    try {
      await until(() => filesUnder(submissions).length === 0, 15_000, 'the sweep');
      // Every seed image (and its variants and manifest) is still there.
      expect(filesUnder(uploads).sort()).toEqual(seedFiles);
      const [row] = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from project_submissions`,
      );
      expect(row?.n).toBe(0);
      console.log(
        `upload kill: removed at start-up: 1 .part file (${partialBytes} bytes, writer gone), 1 unreferenced file (25 h old); ${seedFiles.length} seed files kept`,
      );
      expect(second.output()).toContain('"abandonedWrites":1,"orphans":1');
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  }, 120_000);
});
