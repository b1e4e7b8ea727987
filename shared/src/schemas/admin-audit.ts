import { z } from 'zod';
import { instant } from './admin-answers.ts';
import { auditLinkKinds } from './audit.ts';

/** GET /api/admin/audit: who did what and when, newest first, a page at a time. */
export const auditListSchema = z.object({
  entries: z.array(
    z.object({
      id: z.int(),
      at: instant,
      actor: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('person'), id: z.guid(), name: z.string(), email: z.string() }),
        z.object({ kind: z.literal('deleted') }),
        z.object({ kind: z.literal('system') }),
      ]),
      action: z.string(),
      actionLabel: z.string(),
      entityType: z.string(),
      object: z.object({
        /** What the dashboard opens for it; null when it is gone or has no view of its own. */
        link: z.object({ kind: z.enum(auditLinkKinds), id: z.string() }).nullable(),
        label: z.string().nullable(),
      }),
      summary: z.string(),
    }),
  ),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.int().nullable(),
});

/** GET /api/admin/audit/filters: the choices of the audit filters, those present in the log. */
export const auditFiltersSchema = z.object({
  people: z.array(
    z.object({
      id: z.guid(),
      name: z.string(),
      email: z.string().nullable(),
      deleted: z.boolean(),
    }),
  ),
  /** Some changes were made by no person (jobs, PayPal's notices, the chain). */
  system: z.boolean(),
  entityTypes: z.array(z.object({ value: z.string(), label: z.string() })),
  actions: z.array(z.object({ value: z.string(), label: z.string(), entityType: z.string() })),
});
