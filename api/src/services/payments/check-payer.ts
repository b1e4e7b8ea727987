import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { ownedOrder } from '../orders/owned-order.ts';
import type { Subject } from './load-payment.ts';

/**
 * Who may pay what: a submission whoever holds its id (the e-mailed pay link), an order only the
 * customer who placed it (401 without a session, 404 for anyone else's).
 */
export async function checkPayer({
  db,
  subject,
  caller,
}: {
  db: Db;
  subject: Subject;
  caller: User | null;
}) {
  if (subject.kind === 'order') await ownedOrder({ db, user: caller, orderId: subject.id });
}
