import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { describeAuditAction } from './describe-audit-action.ts';

/** What each object type reads as in the kind filter. */
const entityTypeLabels: Record<string, string> = {
  order: 'Orders',
  submission: 'Submissions',
  payment: 'Payments',
  product: 'Products',
  service: 'Services',
  event: 'Events',
  email_blast: 'Email blasts',
  mail: 'E-mails',
  subscriber: 'Subscribers',
  user: 'Accounts',
};

const entityTypeLabel = (type: string) =>
  entityTypeLabels[type] ?? type.replace(/[._-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * GET /api/admin/audit/filters: the choices of the Audit tab's filters, only those present in the
 * log: the people who made changes (and "system" when some were made by no one), the object
 * types and the actions. Each list is a skip scan (a recursive query that jumps from one
 * distinct value to the next on its index), so a log of millions reads a few pages per value.
 */
export async function listAuditFilters({ db }: { db: Db }) {
  const [people, system, types, actions] = await Promise.all([
    db.execute<{
      id: string;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
    }>(sql`
      with recursive a(actor_id) as (
        (select actor_id from audit_log where actor_id is not null order by actor_id limit 1)
        union all
        select (select l.actor_id from audit_log l where l.actor_id > a.actor_id order by l.actor_id limit 1)
        from a where a.actor_id is not null
      )
      select a.actor_id as id, u.first_name, u.last_name, u.email
      from a left join users u on u.id = a.actor_id
      where a.actor_id is not null`),
    db.execute<{ any: boolean }>(
      sql`select exists (select 1 from audit_log where actor_id is null) as any`,
    ),
    db.execute<{ entity_type: string }>(sql`
      with recursive t(entity_type) as (
        (select entity_type from audit_log order by entity_type limit 1)
        union all
        select (select l.entity_type from audit_log l where l.entity_type > t.entity_type order by l.entity_type limit 1)
        from t where t.entity_type is not null
      )
      select entity_type from t where entity_type is not null`),
    db.execute<{ action: string; entity_type: string }>(sql`
      with recursive k(action) as (
        (select action from audit_log order by action limit 1)
        union all
        select (select l.action from audit_log l where l.action > k.action order by l.action limit 1)
        from k where k.action is not null
      )
      select k.action, (select l.entity_type from audit_log l where l.action = k.action limit 1) as entity_type
      from k where k.action is not null`),
  ]);
  return {
    people: [
      ...people
        .map((p) =>
          p.email
            ? { id: p.id, name: `${p.first_name} ${p.last_name}`, email: p.email, deleted: false }
            : { id: p.id, name: 'Deleted user', email: null, deleted: true },
        )
        .sort((a, b) => a.name.localeCompare(b.name)),
    ],
    /** Changes made by no person: jobs, PayPal's notices, the chain. */
    system: Boolean(system[0]?.any),
    entityTypes: types.map((t) => ({
      value: t.entity_type,
      label: entityTypeLabel(t.entity_type),
    })),
    actions: actions
      .map((a) => ({
        value: a.action,
        label: describeAuditAction(a.action),
        entityType: a.entity_type,
      }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
