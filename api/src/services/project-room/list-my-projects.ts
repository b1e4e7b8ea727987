import type { MyProjectsAnswer } from '@studio/shared/schemas/project-room';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectVersions } from '../../db/schema/project-room.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import type { User } from '../../db/schema/users.ts';

/**
 * The projects whose room the account opens (find-room.ts): submitted by it, or with its
 * address; newest first, at most 100.
 */
export async function listMyProjects(db: Db, user: User): Promise<MyProjectsAnswer['projects']> {
  const rows = await db
    .select({
      id: projectSubmissions.id,
      serviceName: services.title,
      paymentState: projectSubmissions.paymentState,
      workStatus: projectSubmissions.workStatus,
      versions: sql<number>`(select count(*)::int from ${projectVersions} where ${projectVersions.submissionId} = ${projectSubmissions.id})`,
      createdAt: projectSubmissions.createdAt,
    })
    .from(projectSubmissions)
    .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
    .where(
      or(
        eq(projectSubmissions.userId, user.id),
        sql`lower(${projectSubmissions.email}) = ${user.email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(projectSubmissions.createdAt))
    .limit(100);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
