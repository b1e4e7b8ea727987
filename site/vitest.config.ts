import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: tests use the committed routeTree.gen.ts as is, without the
// router plugin regenerating it or splitting route components into lazy chunks.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
