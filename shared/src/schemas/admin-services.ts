import { z } from 'zod';
import { count, rowId } from './admin-answers.ts';

/**
 * A service as the site shows it: the card's list price, and the checkout figures the server
 * will charge (payment price, tax, total), in cents and as text; null without online payment.
 */
export const serviceSchema = z
  .object({
    id: rowId,
    sku: z.string(),
    title: z.string(),
    category: z.string(),
    description: z.string(),
    features: z.array(z.string()),
    popular: z.boolean(),
    listPriceCents: z.int(),
    listPriceText: z.string(),
    checkout: z
      .object({
        priceCents: z.int(),
        taxCents: z.int(),
        totalCents: z.int(),
        priceText: z.string(),
        taxText: z.string(),
        totalText: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'Service' });

/** A service as the admin sees it: both prices side by side, flagged when they differ. */
export const adminServiceSchema = serviceSchema
  .extend({
    isActive: z.boolean(),
    checkoutPriceCents: z.int().nullable(),
    pricesDiffer: z.boolean(),
  })
  .meta({ id: 'AdminService' });

/** GET /api/admin/services */
export const adminServiceListSchema = z.object({
  services: z.array(adminServiceSchema),
  /** How many services' two prices differ. */
  mismatchCount: count,
});

/** PUT /api/admin/services/:id */
export const adminServiceAnswerSchema = z.object({ service: adminServiceSchema });
