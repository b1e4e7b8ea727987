import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The API's storage tests again with TEST_STORAGE=s3: each file's apps keep their files in an
 * s3rver bucket of the file's own (test/harness.ts), so uploads, images, flyers, attachments and
 * downloads are proven on both back ends. Only the files that store or read files: the whole
 * suite twice would double CI's time. (storage.test.ts and sweep-storage.test.ts run both back
 * ends in `pnpm test` already.) A new test of stored files belongs in this list.
 */
export const storageTestFiles = [
  'src/routes/projects.test.ts',
  'src/routes/project-upload-types.test.ts',
  'src/services/uploads/image-variants.test.ts',
  'src/services/uploads/image-upload-types.test.ts',
  'src/services/uploads/malformed-multipart.test.ts',
  'src/routes/admin-events.test.ts',
  'src/routes/admin-commerce.test.ts',
  'src/routes/catalog.test.ts',
  'src/routes/email-blasts.test.ts',
  'src/services/blasts/send-blast.test.ts',
  'src/routes/downloads.test.ts',
  'src/db/seed.test.ts',
  'src/routes/submit-uploads.test.ts',
  'src/routes/project-room.test.ts',
];

// Not mergeConfig: it would add these to the base's `include` rather than replace it.
export default defineConfig({
  ...base,
  test: { ...base.test, include: storageTestFiles, env: { TEST_STORAGE: 's3' } },
});
