import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The second sums the contract check's counts (test/contract.ts) and prints them at the end.
    globalSetup: ['./src/test/global-setup.ts', './src/test/contract-count.ts'],
    setupFiles: ['./src/test/setup-db.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Four files at a time whatever the cores: each file has its own database, and most of a
    // file's time is spent waiting on PostgreSQL, SMTP, the chain or a timer. On the 2-core CI
    // machine Vitest's default (cores - 1) ran one file at a time: 454 s, against 189 s with 4.
    maxWorkers: 4,
  },
});
