import { z } from 'zod';
import { paginationSchema } from './pagination.ts';
import { singleLine } from './text.ts';

/** GET /api/admin/users: search by name or e-mail, filter by role. */
export const adminUsersQuerySchema = paginationSchema.extend({
  q: singleLine('Search').trim().max(200).optional(),
  role: z.enum(['customer', 'admin']).optional(),
});
