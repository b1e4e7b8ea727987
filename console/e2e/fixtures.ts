/** The admin the API creates at start (global-setup.ts passes these as ADMIN_EMAIL/PASSWORD). */
export const ADMIN = { email: 'console-admin@example.com', password: 'ConsolePass123' } as const;
