import { defineConfig } from 'vitest/config';

// Unit tests: the main process with `electron` mocked, and the renderer's pure modules.
export default defineConfig({
  // What electron.vite.config.ts defines for the preload.
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
