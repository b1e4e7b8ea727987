import { z } from 'zod';
import { pageFields, rowId } from './admin-answers.ts';
import { publicUserSchema as accountSchema } from './auth.ts';
import { paginationSchema } from './pagination.ts';
import { singleLine } from './text.ts';

/** GET /api/admin/users: search by name or e-mail, filter by role. */
export const adminUsersQuerySchema = paginationSchema.extend({
  q: singleLine('Search').trim().max(200).optional(),
  role: z.enum(['customer', 'admin']).optional(),
});

/** The only shape of an account that leaves the API (auth.ts), its id read as any UUID version. */
export const publicUserSchema = accountSchema.extend({ id: rowId }).meta({ id: 'User' });

/** GET /api/admin/users */
export const adminUserListSchema = z.object({ users: z.array(publicUserSchema), ...pageFields });
