import type { ImageVariants } from '@studio/shared/images';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull(),
    location: text(),
    ticketLink: text(),
    /** Storage key of the JPEG flyer; null only for seeded events without an upload. */
    flyerKey: text(),
    /** The flyer's resized variants (AVIF, WebP, JPEG); null for a flyer stored before them. */
    flyerImage: jsonb().$type<ImageVariants>(),
    ...timestamps,
  },
  (t) => [index('events_date_idx').on(t.date)],
);

export type Event = typeof events.$inferSelect;
