import { z } from 'zod';
import { instant, rowId } from './admin-answers.ts';
import { imageVariantsSchema } from './admin-products.ts';

/** An event with its flyer's URL and variants; `_id` repeats `id` as in the spec's shapes. */
export const eventSchema = z
  .object({
    id: rowId,
    _id: rowId,
    title: z.string(),
    description: z.string(),
    date: instant,
    location: z.string().nullable(),
    ticketLink: z.string().nullable(),
    flyer: z.string().nullable(),
    /** Size and srcsets of the flyer; null when there are none. */
    flyerImage: imageVariantsSchema.nullable(),
  })
  .meta({ id: 'Event' });

/** GET /api/events/admin: every event, past ones too. */
export const adminEventListSchema = z.object({ events: z.array(eventSchema) });

/** POST /api/events/admin (201) and PUT /api/events/admin/:id: the event, and what was done. */
export const adminEventAnswerSchema = z.object({ event: eventSchema, message: z.string() });
