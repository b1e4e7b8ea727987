import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './e2e/workers.ts';

// Browser tests: the real API serving the built site, driven in Debian's Chromium. Files run
// `e2eWorkers` at a time, each worker on its own API stack (e2e/global-setup.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    // Two files run at once on a 2-core machine: a long flow (several wallets) needs room.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: e2eWorkers > 1,
    maxWorkers: e2eWorkers,
    // In CI a browser test that fails gets one more try, and the flaky reporter names every test
    // that needed it at the end of the log (decision 039). Locally a failure is final.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './e2e/flaky-reporter.ts'],
  },
});
