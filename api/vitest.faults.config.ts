import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:faults`: the long fault-injection tests (processes killed mid-work, a database
 * stopped under load), in `faults/`. `.ci/run` runs them after `pnpm test`.
 */
export default defineConfig({
  test: {
    include: ['faults/**/*.fault.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup-db.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // One at a time: they start and kill processes and time what they see.
    fileParallelism: false,
    passWithNoTests: true,
  },
});
