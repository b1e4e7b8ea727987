import { Badge } from '@mantine/core';
import type { OutboundMailStatus } from '@studio/shared/schemas/outbound-mail';

const COLORS: Record<OutboundMailStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
  unknown: 'orange',
};

const LABELS: Record<OutboundMailStatus, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
};

/** A queued mail's status; "Unknown": it may or may not have arrived. */
export function MailStatusBadge({ status }: { status: OutboundMailStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" data-status={status} style={{ flexShrink: 0 }}>
      {LABELS[status]}
    </Badge>
  );
}
