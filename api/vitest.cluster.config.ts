import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:cluster`: two real API processes on one database, one bucket (s3rver) and one
 * Redis, in `cluster/` (issue 17, decision 031). `.ci/run` runs them after the fault tests.
 */
export default defineConfig({
  test: {
    include: ['cluster/**/*.cluster.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup-db.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One at a time: each file starts several API processes on a 2-core machine.
    fileParallelism: false,
  },
});
