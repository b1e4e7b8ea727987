import { z } from 'zod';
import { instant, pageFields, rowId } from './admin-answers.ts';
import { userRoles } from './customers.ts';
import { paginationSchema } from './pagination.ts';
import { singleLine } from './text.ts';

/** GET /api/admin/users: search by name or e-mail, filter by role. */
export const adminUsersQuerySchema = paginationSchema.extend({
  q: singleLine('Search').trim().max(200).optional(),
  role: z.enum(['customer', 'admin']).optional(),
});

/** The only shape of an account that leaves the API (auth.ts `PublicUser`): no password hash. */
export const publicUserSchema = z
  .object({
    id: rowId,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(userRoles),
    createdAt: instant,
  })
  .meta({ id: 'User' });

/** GET /api/admin/users */
export const adminUserListSchema = z.object({ users: z.array(publicUserSchema), ...pageFields });
