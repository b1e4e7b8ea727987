import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { ownedOrder } from './owned-order.ts';
import { presentOrder } from './present-order.ts';

/** The signed-in customer's own order as their page shows it (404 for anyone else's). */
export async function getMyOrder({
  db,
  user,
  orderId,
}: {
  db: Db;
  user: User | null;
  orderId: string;
}) {
  return presentOrder(db, await ownedOrder({ db, user, orderId }));
}
