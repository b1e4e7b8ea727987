import { z } from 'zod';
import { downloadLimits } from '../downloads.ts';
import { productCategories } from './catalog.ts';
import { downloadLimitFields } from './downloads.ts';
import { paginationSchema } from './pagination.ts';
import { multiLine, nonEmptyUpdate, ruledFormat, singleLine } from './text.ts';

const cents = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number of cents` })
    .min(0, { error: `${label} cannot be negative` })
    .max(100_000_000, { error: `${label} is too large` });

const url = ruledFormat(
  z.url({ protocol: /^https?$/, error: 'Must be a valid http(s) URL' }),
  'Link',
)
  .max(500)
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * Product fields an admin edits. Prices are integer cents. No defaults here: a partial update
 * must not write a default over a field it does not name (zod 4 applies a default inside
 * `.partial()`); the create schema adds them.
 */
const productFields = z.object({
  sku: singleLine('SKU')
    .trim()
    .min(1, { error: 'SKU is required' })
    .max(40)
    .regex(/^[A-Za-z0-9._-]+$/, {
      error: 'SKU may use letters, digits, dot, dash and underscore',
    }),
  name: singleLine('Name').trim().min(1, { error: 'Name is required' }).max(200),
  description: multiLine('Description').trim().max(5000),
  category: z.enum(productCategories, { error: 'Choose book, apparel or digital' }),
  priceCents: cents('Price'),
  /** The sale price; or give `discountPercentage` and the server computes it. Null ends a sale. */
  salePriceCents: cents('Sale price').nullable().optional(),
  /** 0 or null: no sale. */
  discountPercentage: z.coerce
    .number()
    .int()
    .min(0)
    .max(99)
    .nullable()
    .optional()
    .transform((v) => (v === 0 ? null : v)),
  stock: z.coerce
    .number()
    .int({ error: 'Stock must be a whole number' })
    .min(0, { error: 'Stock cannot be negative' })
    .max(1_000_000),
  isActive: z.boolean(),
  tags: z.array(singleLine('Tag').trim().min(1).max(40)).max(20),
  metadata: z.object({
    type: z.enum(['book', 'shopify']).optional(),
    barnesNobleUrl: url,
    shopifyUrl: url,
    externalUrl: url,
  }),
  ...downloadLimitFields,
});

export const productCreateSchema = productFields.extend({
  description: productFields.shape.description.default(''),
  isActive: productFields.shape.isActive.default(true),
  tags: productFields.shape.tags.default([]),
  metadata: productFields.shape.metadata.default({}),
  downloadLimit: productFields.shape.downloadLimit.default(downloadLimits.defaultDownloadLimit),
  downloadDays: productFields.shape.downloadDays.default(downloadLimits.defaultDownloadDays),
});
export const productUpdateSchema = nonEmptyUpdate(productFields.partial());
export type ProductInput = z.input<typeof productCreateSchema>;

export const adminProductsQuerySchema = paginationSchema.extend({
  q: singleLine('Search').trim().max(200).optional(),
  category: z.enum(productCategories).optional(),
  active: z.enum(['true', 'false']).optional(),
});

/** PUT /api/admin/services/:id: both prices side by side, and the card's texts. */
export const serviceUpdateSchema = nonEmptyUpdate(
  z
    .object({
      title: singleLine('Title').trim().min(1, { error: 'Title is required' }).max(200),
      category: z.enum(['Sound Design', 'Mixing / Mastering', 'Post-Production']),
      description: multiLine('Description')
        .trim()
        .min(1, { error: 'Description is required' })
        .max(2000),
      features: z.array(singleLine('Feature').trim().min(1).max(200)).max(20),
      popular: z.boolean(),
      isActive: z.boolean(),
      listPriceCents: cents('Card price'),
      /** Null: no online payment for this service. */
      checkoutPriceCents: cents('Payment price').nullable(),
    })
    .partial(),
);

export const adminSubmissionsQuerySchema = paginationSchema.extend({
  paymentState: z.enum(['unpaid', 'pending', 'paid', 'refunded']).optional(),
  q: singleLine('Search').trim().max(200).optional(),
});

const day = singleLine('Date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-01-31' })
  // A real calendar day: 2026-02-30 is refused, not rolled into March.
  .refine(
    (v) => {
      const date = new Date(`${v}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v && v >= '1970-01-01'
      );
    },
    {
      error: 'Use a date like 2026-01-31',
    },
  );

/** GET /api/admin/report?from=&to= (inclusive days, UTC); default the last 30 days. */
export const reportQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'The start date must be before the end date',
    path: ['from'],
  });
