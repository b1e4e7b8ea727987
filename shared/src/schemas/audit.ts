import { z } from 'zod';
import { reportQuerySchema } from './admin.ts';
import { singleLine } from './text.ts';

/** An audit entry's object, as the admin dashboard opens it (admin navigation's kinds). */
export const auditLinkKinds = [
  'order',
  'product',
  'event',
  'blast',
  'customer',
  'submission',
] as const;
export type AuditLinkKind = (typeof auditLinkKinds)[number];

/** `actor`: whose changes; `system` for those no person made (jobs, webhooks, the chain). */
export const SYSTEM_ACTOR = 'system';

const kindText = singleLine('Kind')
  .trim()
  .max(64)
  .regex(/^[a-z0-9_.-]+$/, { error: 'Choose a kind from the list' });

/**
 * GET /api/admin/audit: newest first, `before` an entry id (the next page starts after the
 * last entry shown), `from`/`to` inclusive days in UTC, as the report counts them.
 */
export const adminAuditQuerySchema = z
  .object({
    actor: z
      .union([z.uuid({ error: 'Choose a person from the list' }), z.literal(SYSTEM_ACTOR)])
      .optional(),
    action: kindText.optional(),
    entityType: kindText.optional(),
    from: reportQuerySchema.shape.from,
    to: reportQuerySchema.shape.to,
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'The start date must be before the end date',
    path: ['from'],
  });
