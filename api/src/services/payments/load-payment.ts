import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import { ApiError } from '../../lib/api-error.ts';

/** A submission with the service it is for, or 404. */
export async function loadSubmission(db: DbOrTx, submissionId: string) {
  const [row] = await db
    .select({ submission: projectSubmissions, service: services })
    .from(projectSubmissions)
    .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
    .where(eq(projectSubmissions.id, submissionId))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND', messages.payments.submissionNotFound);
  return row;
}

export async function loadPayment(db: DbOrTx, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row;
}

export type Payment = typeof payments.$inferSelect;
