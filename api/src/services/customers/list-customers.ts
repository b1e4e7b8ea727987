import type { adminCustomersQuerySchema, CustomerSort } from '@studio/shared/schemas/customers';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern } from '../users/list-users.ts';
import { netSpentCents } from './net-spent-cents.ts';

/** First and last name as one text: what the trigram index `users_full_name_trgm_idx` holds. */
const fullName = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

/** The search and role filter of the customers list. */
function customerFilters(query: z.output<typeof adminCustomersQuerySchema>): SQL | undefined {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q) {
    const p = likePattern(query.q);
    const match = or(ilike(users.email, p), ilike(fullName, p));
    if (match) filters.push(match);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/**
 * GET /api/admin/customers: every account (admins too) with its orders count (every order
 * placed, whatever became of it), total spent (`netSpentCents`: its paid orders' cents less
 * completed refunds) and last order date; searched
 * by name or e-mail, sorted, a page at a time. Each row's figures come from a lateral subquery
 * on `orders_user_id_idx`, so a page sorted by sign-up date reads the orders of its rows only.
 */
export async function listCustomers({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminCustomersQuerySchema>;
}) {
  const where = customerFilters(query);
  const figures = db
    .select({
      ordersCount: count().as('orders_count'),
      totalSpentCents: netSpentCents.as('total_spent_cents'),
      lastOrderAt: max(orders.createdAt).as('last_order_at'),
    })
    .from(orders)
    .where(eq(orders.userId, users.id))
    .as('figures');
  const dir = (column: SQL | SQL.Aliased | AnyColumn) =>
    query.dir === 'asc' ? asc(column) : desc(column);
  const sorts: Record<CustomerSort, SQL[]> = {
    createdAt: [dir(users.createdAt)],
    name: [dir(sql`lower(${users.lastName})`), dir(sql`lower(${users.firstName})`)],
    email: [dir(users.email)],
    ordersCount: [dir(figures.ordersCount)],
    totalSpent: [dir(figures.totalSpentCents)],
    // Customers who never ordered have no last order: they come last either way.
    lastOrderAt: [
      sql`${figures.lastOrderAt} ${query.dir === 'asc' ? sql`asc` : sql`desc`} nulls last`,
    ],
  };
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        ordersCount: figures.ordersCount,
        totalSpentCents: figures.totalSpentCents,
        lastOrderAt: figures.lastOrderAt,
      })
      .from(users)
      .leftJoinLateral(figures, sql`true`)
      .where(where)
      .orderBy(...sorts[query.sort], desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    customers: rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      role: r.role,
      ordersCount: Number(r.ordersCount ?? 0),
      totalSpentCents: Number(r.totalSpentCents ?? 0),
      lastOrderAt: r.lastOrderAt ? new Date(r.lastOrderAt).toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
