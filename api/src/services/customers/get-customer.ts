import { customerMessages } from '@studio/shared/messages/customers';
import type { NewsletterStatus } from '@studio/shared/schemas/customers';
import { count, desc, eq, max, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { listCustomerDownloads } from '../downloads/list-customer-downloads.ts';
import { netSpentCents } from './net-spent-cents.ts';

/** The most of each list the page shows; the counts say how many there are in all. */
export const CUSTOMER_LIST_LIMIT = 50;

const newsletterStatusOf = {
  active: 'subscribed',
  pending: 'pending',
  unsubscribed: 'unsubscribed',
} as const satisfies Record<string, NewsletterStatus>;

function sinceOf(row: {
  status: keyof typeof newsletterStatusOf;
  createdAt: Date;
  requestedAt: Date | null;
  consentedAt: Date | null;
  unsubscribedAt: Date | null;
}): Date {
  if (row.status === 'unsubscribed') return row.unsubscribedAt ?? row.createdAt;
  if (row.status === 'pending') return row.requestedAt ?? row.createdAt;
  return row.consentedAt ?? row.createdAt;
}

/**
 * GET /api/admin/customers/:id: the account, its figures as the list counts them, its orders
 * and project submissions (newest first: those sent signed in, and those sent signed out with
 * the account's e-mail), and the newsletter status of its e-mail.
 */
export async function getCustomer({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', customerMessages.customerNotFound);
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new ApiError('NOT_FOUND', customerMessages.customerNotFound);

  // E-mails are stored lower-cased on accounts; a signed-out submission keeps what was typed.
  const theirs: SQL | undefined = or(
    eq(projectSubmissions.userId, id),
    eq(sql`lower(${projectSubmissions.email})`, user.email),
  );
  const [orderRows, [figures], submissionRows, [submissionCount], [subscriber]] = await Promise.all(
    [
      db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          totalCents: orders.totalCents,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .where(eq(orders.userId, id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(CUSTOMER_LIST_LIMIT),
      db
        .select({
          ordersCount: count(),
          totalSpentCents: netSpentCents,
          lastOrderAt: max(orders.createdAt),
        })
        .from(orders)
        .where(eq(orders.userId, id)),
      db
        .select({
          id: projectSubmissions.id,
          service: services.title,
          paymentState: projectSubmissions.paymentState,
          createdAt: projectSubmissions.createdAt,
        })
        .from(projectSubmissions)
        .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
        .where(theirs)
        .orderBy(desc(projectSubmissions.createdAt), desc(projectSubmissions.id))
        .limit(CUSTOMER_LIST_LIMIT),
      db.select({ value: count() }).from(projectSubmissions).where(theirs),
      db
        .select({
          status: subscribers.status,
          createdAt: subscribers.createdAt,
          requestedAt: subscribers.requestedAt,
          consentedAt: subscribers.consentedAt,
          unsubscribedAt: subscribers.unsubscribedAt,
        })
        .from(subscribers)
        .where(eq(subscribers.email, user.email)),
    ],
  );

  return {
    customer: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      ordersCount: figures?.ordersCount ?? 0,
      totalSpentCents: Number(figures?.totalSpentCents ?? 0),
      lastOrderAt: figures?.lastOrderAt ? new Date(figures.lastOrderAt).toISOString() : null,
    },
    orders: orderRows.map((o) => ({
      ...o,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
    })),
    submissions: submissionRows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
    submissionsCount: submissionCount?.value ?? 0,
    newsletter: {
      status: subscriber ? newsletterStatusOf[subscriber.status] : ('none' as NewsletterStatus),
      /** Since when: the consent, the sign-up waiting for its confirmation, or the unsubscribe. */
      since: subscriber ? sinceOf(subscriber).toISOString() : null,
    },
    downloads: await listCustomerDownloads(db, user.id),
  };
}
