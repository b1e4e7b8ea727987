import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { projectUploads } from '../../db/schema/project-uploads.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUpload, newDraft, patchUpload, wavBytes } from '../../test/tus.ts';
import { removeAbandonedUploads } from './remove-abandoned-uploads.ts';
import { tusUploads } from './tus-uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

it('removes uploads idle for a day (bytes and row), keeps recent ones', async () => {
  const draft = await newDraft(t);
  const started = async () => {
    const { id } = await createUpload(t, draft, { size: 50_000 });
    await patchUpload(t, draft, id, 0, wavBytes(50_000).subarray(0, 10_000));
    return id;
  };
  const idle = await started();
  const recent = await started();
  await t.db
    .update(projectUploads)
    .set({ lastWriteAt: sql`now() - interval '25 hours'` })
    .where(eq(projectUploads.id, idle));
  const { store } = tusUploads(t);
  const result = await removeAbandonedUploads({ db: t.db, store });
  expect(result.uploads).toBe(1);
  expect(await t.db.select().from(projectUploads).where(eq(projectUploads.id, idle))).toEqual([]);
  await expect(store.getUpload(idle)).rejects.toMatchObject({ status_code: 404 });
  expect((await store.getUpload(recent)).offset).toBe(10_000);
});
