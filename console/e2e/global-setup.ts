import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { RAISED_RATE_LIMITS, startApiProcess } from '../../api/src/test/api-process.ts';
import { ADMIN } from './fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real API, on its own database. */
    apiUrl: string;
  }
}

/**
 * Starts the real API on its own database. It serves no site: the console's renderer is served
 * by the test itself.
 */
export default async function setup(project: TestProject) {
  const api = await startApiProcess({
    name: 'studio_console_e2e',
    env: {
      SITE_DIR: path.join('/nonexistent', 'no-site'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...RAISED_RATE_LIMITS,
    },
  });
  project.provide('apiUrl', api.baseUrl);
  return () => api.stop();
}
