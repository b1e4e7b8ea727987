import { z } from 'zod';
import { adminSubmissionsQuerySchema } from './admin.ts';
import { adminOrdersQuerySchema } from './orders.ts';

/**
 * The CSV exports of the admin (decision 034). Their filters are the lists' own schemas without
 * the page: an export of the Orders tab takes exactly the filter, search and sort the tab sends.
 */
export const exportKinds = ['orders', 'order-lines', 'subscribers', 'submissions'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** GET /api/admin/exports/orders and /order-lines: the Orders tab's status, search and sort. */
export const orderExportQuerySchema = adminOrdersQuerySchema.omit({ page: true, pageSize: true });
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

/** GET /api/admin/exports/submissions: the Submissions tab's payment state and search. */
export const submissionExportQuerySchema = adminSubmissionsQuerySchema.omit({
  page: true,
  pageSize: true,
});
export type SubmissionExportQuery = z.output<typeof submissionExportQuerySchema>;

/** GET /api/admin/exports/subscribers: every subscriber, whatever the status. */
export const subscriberExportQuerySchema = z.object({});

/** Each export's filter schema, by kind. */
export const exportQuerySchemas = {
  orders: orderExportQuerySchema,
  'order-lines': orderExportQuerySchema,
  subscribers: subscriberExportQuerySchema,
  submissions: submissionExportQuerySchema,
} as const satisfies Record<ExportKind, z.ZodObject>;

/**
 * POST /api/admin/exports/links: a short-lived signed link to one export with its filter, which
 * the browser follows without the bearer token and saves natively (decision 034).
 */
export const exportLinkSchema = z.discriminatedUnion(
  'kind',
  [
    orderExportQuerySchema.extend({ kind: z.literal('orders') }),
    orderExportQuerySchema.extend({ kind: z.literal('order-lines') }),
    subscriberExportQuerySchema.extend({ kind: z.literal('subscribers') }),
    submissionExportQuerySchema.extend({ kind: z.literal('submissions') }),
  ],
  { error: 'Choose orders, order-lines, subscribers or submissions' },
);
export type ExportLinkInput = z.input<typeof exportLinkSchema>;
