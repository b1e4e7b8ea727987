import { z } from 'zod';
import { paginationSchema } from './pagination.ts';
import { singleLine } from './text.ts';

/** The columns the customers list sorts by. */
export const customerSorts = [
  'createdAt',
  'name',
  'email',
  'ordersCount',
  'totalSpent',
  'lastOrderAt',
] as const;
export type CustomerSort = (typeof customerSorts)[number];

export const userRoles = ['customer', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** GET /api/admin/customers: search by name or e-mail, a role, a sort, a page. */
export const adminCustomersQuerySchema = paginationSchema.extend({
  q: singleLine('Search').trim().max(200).optional(),
  role: z.enum(userRoles).optional(),
  sort: z.enum(customerSorts).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

/** PUT /api/admin/customers/:id/role */
export const customerRoleSchema = z.object({
  role: z.enum(userRoles, { error: 'Choose admin or customer' }),
});

/** A customer's newsletter status, read from the subscribers list by their e-mail. */
export const newsletterStatuses = ['subscribed', 'pending', 'unsubscribed', 'none'] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];
