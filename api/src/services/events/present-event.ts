import type { Event } from '../../db/schema/events.ts';

/** An event with its flyer's public URL and variants; `_id` repeats `id` as in the spec's shapes. */
export function presentEvent(event: Event) {
  return {
    id: event.id,
    _id: event.id,
    title: event.title,
    description: event.description,
    date: event.date.toISOString(),
    location: event.location,
    ticketLink: event.ticketLink,
    flyer: event.flyerKey ? `/api/media/${event.flyerKey}` : null,
    /** Size and AVIF/WebP/JPEG srcsets of the flyer, for `<picture>`; null when there are none. */
    flyerImage: event.flyerKey && event.flyerImage ? event.flyerImage : null,
  };
}
