import { defineConfig } from 'vitest/config';

// The renderer as a page in Debian's Chromium, with the preload bridge stubbed, against the
// real API. `electron-vite build` runs first (package.json `test:e2e`).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
