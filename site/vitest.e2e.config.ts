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
  },
});
