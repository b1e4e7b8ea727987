import type { OrderStatus } from '@studio/shared/schemas/orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import { likePattern } from '../users/list-users.ts';

/**
 * The Orders tab's status filter and search as one condition, for its list and its CSV exports
 * alike (the one place they are read): the export holds exactly the orders the tab shows.
 */
export function orderFilters(query: { status?: OrderStatus; q?: string }): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) {
    // Order number, customer e-mail or "first last", case-insensitively: search_text holds
    // them lower-cased (kept by triggers), so one trigram index answers without a join.
    filters.push(sql`${orders.searchText} like lower(${likePattern(query.q)})`);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}
