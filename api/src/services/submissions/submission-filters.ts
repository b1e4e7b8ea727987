import type { adminSubmissionsQuerySchema } from '@studio/shared/schemas/admin';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { likePattern } from '../users/list-users.ts';

/**
 * The Submissions tab's payment-state filter and search (name or e-mail) as one condition, for
 * its list and its CSV export alike.
 */
export function submissionFilters(
  query: Pick<z.output<typeof adminSubmissionsQuerySchema>, 'paymentState' | 'q'>,
): SQL | undefined {
  const filters: SQL[] = [];
  if (query.paymentState) filters.push(eq(projectSubmissions.paymentState, query.paymentState));
  if (query.q) {
    const p = likePattern(query.q);
    const match = or(ilike(projectSubmissions.name, p), ilike(projectSubmissions.email, p));
    if (match) filters.push(match);
  }
  return filters.length ? and(...filters) : undefined;
}
