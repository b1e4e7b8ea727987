import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of project-room.ts, and the status each caller gets (access.test.ts). */
export const projectRoomAccess = [
  { route: 'GET /api/projects/mine', anonymous: 401, customer: 200, admin: 200 },
  // Called with no room link: the anonymous caller is asked for one; a signed-in stranger finds
  // nothing; the account that submitted the project (each caller's own) gets its room.
  { route: 'GET /api/projects/:id/room', anonymous: 401, customer: 200, admin: 200 },
  // The caller's own project, in review: approved.
  { route: 'POST /api/projects/:id/room/moves', anonymous: 401, customer: 200, admin: 200 },
  { route: 'POST /api/projects/:id/room/comments', anonymous: 401, customer: 201, admin: 201 },
  // A preview by its signed URL: whoever holds the URL.
  { route: 'GET /api/projects/:id/room/files/:fileId', anonymous: 200, customer: 200, admin: 200 },
  { route: 'POST /api/projects/:id/room-link', anonymous: 202, customer: 202, admin: 202 },
] satisfies AccessRow[];
