import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npx vitest run -c vitest.measure.config.ts`: measures that print what a request costs on the
 * server (bench/*.measure.ts), kept out of `pnpm test`.
 */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['bench/**/*.measure.ts'], testTimeout: 120_000 },
});
