import { z } from 'zod';
import { rowId } from './admin-answers.ts';
import { publicEventSchema } from './events.ts';

/** An event as the public list shows it (events.ts), its ids read as any UUID version. */
export const eventSchema = publicEventSchema
  .extend({ id: rowId, _id: rowId })
  .meta({ id: 'Event' });

/** GET /api/events/admin: every event, past ones too. */
export const adminEventListSchema = z.object({ events: z.array(eventSchema) });

/** POST /api/events/admin (201) and PUT /api/events/admin/:id: the event, and what was done. */
export const adminEventAnswerSchema = z.object({ event: eventSchema, message: z.string() });
