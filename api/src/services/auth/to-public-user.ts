import type { PublicUser } from '@studio/shared/schemas/auth';
import type { User } from '../../db/schema/users.ts';

/** The only shape of a user that leaves the API: no password hash, ever. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}
