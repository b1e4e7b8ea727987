import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk-storage.ts';

// What only the local disk has: its `.part` names. The contract, on both back ends: storage.test.ts.

function fresh() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'studio-storage-'));
  return { root, storage: localDiskStorage(root) };
}

describe('local disk housekeeping', () => {
  const hostTag = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
  function place(root: string, rel: string, modified = new Date()) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x');
    utimesSync(file, modified, modified);
  }
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid ?? 0;
  }

  it('lists nothing when its folder was never made', async () => {
    const { root } = fresh();
    const none = [];
    for await (const f of localDiskStorage(path.join(root, 'missing')).list('')) none.push(f);
    expect(none).toEqual([]);
  });

  it('removes .part files whose writer is gone at once, and any past the age; keeps live ones', async () => {
    const { root, storage } = fresh();
    const gone = await deadPid();
    const names = {
      deadWriter: `submissions/a.${hostTag}-${gone}-abc.0123456789ab.part`,
      // This process id, started at another time: an earlier process that had this id.
      earlierSelf: `submissions/b.${hostTag}-${process.pid}-1.0123456789ab.part`,
      liveWriter: `submissions/c.${hostTag}-${process.ppid}-abc.0123456789ab.part`,
      otherHost: `submissions/d.00000000-${gone}-abc.0123456789ab.part`,
      oldUntagged: 'submissions/e.0123456789ab.part',
      youngUntagged: 'submissions/f.0123456789ab.part',
      oldOtherHost: `submissions/g.00000000-${gone}-abc.0123456789ab.part`,
    };
    for (const [what, rel] of Object.entries(names)) {
      place(root, rel, what.startsWith('old') ? hoursAgo(2) : new Date());
    }
    expect(await storage.removeAbandonedWrites(hoursAgo(1))).toBe(4);
    const left = readdirSync(path.join(root, 'submissions')).sort();
    expect(left).toEqual(
      [names.liveWriter, names.otherHost, names.youngUntagged].map((n) => path.basename(n)).sort(),
    );
  });

  it('names its own .part files so that a live write is never taken for an abandoned one', async () => {
    const { root, storage } = fresh();
    let seen: string[] = [];
    async function* slow() {
      yield Buffer.from('first');
      for (let i = 0; i < 100 && seen.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 10));
        seen = readdirSync(path.join(root, 'submissions'));
      }
      expect(await storage.removeAbandonedWrites(hoursAgo(1))).toBe(0);
      yield Buffer.from('second');
    }
    await storage.put('submissions/x', Readable.from(slow()));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(
      new RegExp(`^x\\.${hostTag}-${process.pid}-[0-9a-z]+\\.[0-9a-f]{12}\\.part$`),
    );
    expect(readdirSync(path.join(root, 'submissions'))).toEqual(['x']);
  });
});
