import { Badge } from '@mantine/core';
import type { NewsletterStatus, UserRole } from '@studio/shared/schemas/customers';
import { formatOrderDate } from '../../../orders/order-display';

export const fullName = (c: { firstName: string; lastName: string }) =>
  `${c.firstName} ${c.lastName}`;

/** A date, or a dash for none (a customer who never ordered). */
export const dateOrDash = (iso: string | null) => (iso ? formatOrderDate(iso) : '—');

export function RoleBadge({ role }: { role: UserRole }) {
  return role === 'admin' ? (
    <Badge color="grape" variant="light">
      Admin
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Customer
    </Badge>
  );
}

const NEWSLETTER: Record<NewsletterStatus, { label: string; color: string }> = {
  subscribed: { label: 'Subscribed', color: 'teal' },
  pending: { label: 'Awaiting confirmation', color: 'yellow.5' },
  unsubscribed: { label: 'Unsubscribed', color: 'red' },
  none: { label: 'Not subscribed', color: 'gray' },
};

/** Pending is solid yellow with dark text, as the order's Pending badge: tinted, it reads brown. */
export function NewsletterBadge({ status }: { status: NewsletterStatus }) {
  const { label, color } = NEWSLETTER[status];
  return (
    <Badge
      color={color}
      variant={status === 'pending' ? 'filled' : 'light'}
      data-newsletter={status}
    >
      {label}
    </Badge>
  );
}
