import { roomMessages } from '@studio/shared/messages/project-room';
import { type WorkStatus, workStatusLabels } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';

export type PaymentState = ProjectRoom['paymentState'];

export { workStatusLabels };
export const paymentStateLabels: Record<PaymentState, string> = roomMessages.paymentStates;

/** Timeline bullets: the palette's own shades, as the orders' timeline. */
export const workStatusColors: Record<WorkStatus, string> = {
  received: 'gray',
  in_progress: 'blue',
  in_review: 'yellow',
  changes_requested: 'orange',
  approved: 'green',
  delivered: 'teal',
  cancelled: 'red',
};

/**
 * Badges: light shades (3), whose text stays above 4.5:1 (WCAG AA) over the faint wash of its
 * own colour on the dark page, as the orders' badges.
 */
export const workStatusBadgeColors: Record<WorkStatus, string> = {
  received: 'gray.3',
  in_progress: 'blue.3',
  in_review: 'yellow.3',
  changes_requested: 'orange.3',
  approved: 'green.3',
  delivered: 'teal.3',
  cancelled: 'red.3',
};

export const paymentStateBadgeColors: Record<PaymentState, string> = {
  unpaid: 'yellow.3',
  pending: 'blue.3',
  paid: 'green.3',
  refunded: 'gray.3',
};

/** Dates in the reader's own locale and time zone, as the orders' pages. */
export function formatRoomDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function formatRoomDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
