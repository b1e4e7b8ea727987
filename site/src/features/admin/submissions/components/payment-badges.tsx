import { Badge } from '@mantine/core';
import type { PaymentState } from '../api/list-submissions';

const STATE: Record<PaymentState, { label: string; color: string }> = {
  unpaid: { label: 'Unpaid', color: 'gray' },
  pending: { label: 'Pending', color: 'yellow' },
  paid: { label: 'Paid', color: 'teal' },
  refunded: { label: 'Refunded', color: 'violet' },
};

/** A submission's payment state: unpaid (never paid or paid later), pending, paid, refunded. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { label, color } = STATE[state];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

const STATUS_COLOR: Record<string, string> = {
  pending: 'yellow',
  confirmed: 'teal',
  failed: 'red',
  expired: 'gray',
  refunded: 'violet',
};

/** One payment attempt's status. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light" size="sm">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}
