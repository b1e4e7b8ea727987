import type { AccessRow } from '../openapi/access-row.ts';

/**
 * Who may call each route of export-downloads.ts, and the status each caller gets
 * (access.test.ts): the signed link is the permission (an admin asked for it), so whoever holds
 * it downloads.
 */
export const exportDownloadsAccess = [
  { route: 'GET /api/downloads/exports/:kind', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
