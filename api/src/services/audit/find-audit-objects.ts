import type { AuditLinkKind } from '@studio/shared/schemas/audit';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts } from '../../db/schema/email-blasts.ts';
import { events } from '../../db/schema/events.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import { users } from '../../db/schema/users.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface AuditObject {
  /** What the dashboard opens for it; null when it is gone or has no view of its own. */
  link: { kind: AuditLinkKind; id: string } | null;
  /** The object in words ("Order SO-1042", a product's name); null when it is gone. */
  label: string | null;
}

interface EntryRef {
  entityType: string;
  entityId: string | null;
}

/** Ids per table, only well-formed ones (an id that is no UUID names no row). */
function idsOf(entries: EntryRef[], type: string): string[] {
  const ids = entries.flatMap((e) =>
    e.entityType === type && e.entityId && isUuid(e.entityId) ? [e.entityId] : [],
  );
  return [...new Set(ids)];
}

async function labelled<T extends { id: string; label: string }>(
  ids: string[],
  query: (ids: string[]) => Promise<T[]>,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await query(ids)).map((r) => [r.id, r.label]));
}

/**
 * The objects a page of audit entries is about, each looked up once: its label and the link the
 * Audit tab opens through admin navigation. A payment's entry links to its order or submission;
 * a deleted event keeps no link. Seven small queries at most, whatever the page size.
 */
export async function findAuditObjects(
  db: Db,
  entries: EntryRef[],
): Promise<(entry: EntryRef) => AuditObject> {
  const paymentRows = await (async () => {
    const ids = idsOf(entries, 'payment');
    if (ids.length === 0) return [];
    return db
      .select({ id: payments.id, orderId: payments.orderId, submissionId: payments.submissionId })
      .from(payments)
      .where(inArray(payments.id, ids));
  })();
  const paymentOf = new Map(paymentRows.map((p) => [p.id, p]));
  const orderIds = [
    ...new Set([...idsOf(entries, 'order'), ...paymentRows.flatMap((p) => p.orderId ?? [])]),
  ];
  const submissionIds = [
    ...new Set([
      ...idsOf(entries, 'submission'),
      ...paymentRows.flatMap((p) => p.submissionId ?? []),
    ]),
  ];

  const [
    orderLabels,
    submissionLabels,
    productLabels,
    eventLabels,
    blastLabels,
    userLabels,
    serviceLabels,
  ] = await Promise.all([
    labelled(orderIds, (ids) =>
      db
        .select({ id: orders.id, label: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.id, ids)),
    ),
    labelled(submissionIds, (ids) =>
      db
        .select({ id: projectSubmissions.id, label: projectSubmissions.name })
        .from(projectSubmissions)
        .where(inArray(projectSubmissions.id, ids)),
    ),
    labelled(idsOf(entries, 'product'), (ids) =>
      db
        .select({ id: products.id, label: products.name })
        .from(products)
        .where(inArray(products.id, ids)),
    ),
    labelled(idsOf(entries, 'event'), (ids) =>
      db.select({ id: events.id, label: events.title }).from(events).where(inArray(events.id, ids)),
    ),
    labelled(idsOf(entries, 'email_blast'), (ids) =>
      db
        .select({ id: emailBlasts.id, label: emailBlasts.subject })
        .from(emailBlasts)
        .where(inArray(emailBlasts.id, ids)),
    ),
    labelled(idsOf(entries, 'user'), (ids) =>
      db
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
        .then((rows) => rows.map((r) => ({ id: r.id, label: `${r.first} ${r.last}` }))),
    ),
    labelled(idsOf(entries, 'service'), (ids) =>
      db
        .select({ id: services.id, label: services.title })
        .from(services)
        .where(inArray(services.id, ids)),
    ),
  ]);

  const order = (id: string): AuditObject => {
    const number = orderLabels.get(id);
    return number ? { link: { kind: 'order', id }, label: `Order ${number}` } : GONE;
  };
  const submission = (id: string): AuditObject => {
    const name = submissionLabels.get(id);
    return name ? { link: { kind: 'submission', id }, label: `Submission from ${name}` } : GONE;
  };
  const simple =
    (kind: AuditLinkKind, labels: Map<string, string>) =>
    (id: string): AuditObject => {
      const label = labels.get(id);
      return label ? { link: { kind, id }, label } : GONE;
    };
  const byType: Record<string, (id: string) => AuditObject> = {
    order,
    submission,
    product: simple('product', productLabels),
    event: simple('event', eventLabels),
    email_blast: simple('blast', blastLabels),
    user: simple('customer', userLabels),
    service: (id) => ({ link: null, label: serviceLabels.get(id) ?? null }),
    payment: (id) => {
      const p = paymentOf.get(id);
      if (p?.orderId) return order(p.orderId);
      if (p?.submissionId) return submission(p.submissionId);
      return GONE;
    },
  };
  return ({ entityType, entityId }) => {
    const find = byType[entityType];
    return find && entityId && isUuid(entityId) ? find(entityId) : GONE;
  };
}

const GONE: AuditObject = { link: null, label: null };
