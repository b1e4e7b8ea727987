import { z } from 'zod';
import { count, rowId } from './admin-answers.ts';
import { publicServiceSchema } from './catalog.ts';

/** A service as the site shows it (catalog.ts), its id read as any UUID version. */
export const serviceSchema = publicServiceSchema.extend({ id: rowId }).meta({ id: 'Service' });

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
