import { z } from 'zod';
import { count, instant, pageFields, rowId } from './admin-answers.ts';
import { submissionPaymentStates } from './admin-submissions.ts';
import { publicUserSchema } from './admin-users.ts';
import { newsletterStatuses, userRoles } from './customers.ts';
import { downloadRecordSchema } from './downloads.ts';
import { orderStatuses } from './orders.ts';

/** An account's figures as the customers list counts them. */
const figures = {
  ordersCount: count,
  /** Its paid orders' cents less completed refunds. */
  totalSpentCents: z.int(),
  lastOrderAt: instant.nullable(),
};

/** GET /api/admin/customers */
export const adminCustomerListSchema = z.object({
  customers: z.array(
    z.object({
      id: rowId,
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      role: z.enum(userRoles),
      ...figures,
      createdAt: instant,
    }),
  ),
  ...pageFields,
});

/** GET /api/admin/customers/:id: the account, its orders and submissions, its newsletter status. */
export const adminCustomerSchema = z.object({
  customer: publicUserSchema.extend(figures),
  orders: z.array(
    z.object({
      id: rowId,
      orderNumber: z.string(),
      status: z.enum(orderStatuses),
      totalCents: z.int(),
      createdAt: instant,
      paidAt: instant.nullable(),
    }),
  ),
  submissions: z.array(
    z.object({
      id: rowId,
      service: z.string(),
      paymentState: z.enum(submissionPaymentStates),
      createdAt: instant,
    }),
  ),
  submissionsCount: count,
  newsletter: z.object({ status: z.enum(newsletterStatuses), since: instant.nullable() }),
  /** Their latest downloads of digital products' files, newest first (at most 50). */
  downloads: z.array(downloadRecordSchema),
});

/** PUT /api/admin/customers/:id/role: the role now, and whether it changed. */
export const customerRoleAnswerSchema = z.object({
  changed: z.boolean(),
  role: z.enum(userRoles),
  message: z.string(),
});
