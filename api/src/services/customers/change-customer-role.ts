import { authMessages } from '@studio/shared/messages/auth';
import { customerMessages } from '@studio/shared/messages/customers';
import type { UserRole } from '@studio/shared/schemas/customers';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit } from '../audit/record-audit.ts';

/**
 * Every change of a role takes this lock first, so two admins demoting each other at once run
 * one after the other: the second sees the first's result (a fresh snapshot per statement under
 * READ COMMITTED) and is refused, since its caller is no admin any more or would be the last.
 */
const ROLE_LOCK = sql`select pg_advisory_xact_lock(hashtextextended('users.role', 0))`;

/**
 * PUT /api/admin/customers/:id/role: makes an account admin or takes the role away, audited;
 * never the last admin's (409). Taking one's own role is allowed while another admin remains.
 * The session middleware reads the role from the account on every request, so a demoted
 * person's sessions lose the admin's rights with their next request.
 */
export async function changeCustomerRole({
  db,
  actorId,
  id,
  role,
}: {
  db: Db;
  actorId: string;
  id: string;
  role: UserRole;
}) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', customerMessages.customerNotFound);
  return db.transaction(async (tx) => {
    await tx.execute(ROLE_LOCK);
    // The caller passed requireAdmin before the lock; another admin may have demoted them since.
    const [actor] = await tx.select({ role: users.role }).from(users).where(eq(users.id, actorId));
    if (actor?.role !== 'admin') throw new ApiError('FORBIDDEN', authMessages.forbidden);
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw new ApiError('NOT_FOUND', customerMessages.customerNotFound);
    const name = `${user.firstName} ${user.lastName}`;
    if (user.role === role)
      return { changed: false, role, message: customerMessages.roleUnchanged(name) };
    if (role !== 'admin') {
      const [others] = await tx
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, id)));
      if ((others?.value ?? 0) === 0) throw new ApiError('CONFLICT', customerMessages.lastAdmin);
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit({
      db: tx,
      actorId,
      action: 'user.role',
      entityType: 'user',
      entityId: id,
      detail: { from: user.role, to: role },
    });
    return {
      changed: true,
      role,
      message:
        role === 'admin' ? customerMessages.roleGiven(name) : customerMessages.roleTaken(name),
    };
  });
}
