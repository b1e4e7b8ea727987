import { afterAll } from 'vitest';
import { backupRestoreFlow } from '../test/backup-flow.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';

// The same flow on a bucket (s3rver), whatever TEST_STORAGE says: backup reads the objects and
// restore puts them through the S3 store; the wipe empties the bucket.
let s3: TestS3 | undefined;
afterAll(async () => {
  await s3?.close();
});

backupRestoreFlow({
  name: 'on S3 (s3rver)',
  env: async () => {
    s3 = await startTestS3({ bucket: 'studio-backup' });
    return s3.env;
  },
  wipeFiles: async (t) => {
    for await (const { key } of t.storage.list('')) await t.storage.delete(key);
  },
});
