import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  queued: 'gray',
  sending: 'blue',
  done: 'teal',
  pending: 'gray',
  sent: 'teal',
  failed: 'red',
  skipped: 'yellow',
  unknown: 'orange',
  paused: 'orange',
};

const LABELS: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  done: 'Done',
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped (unsubscribed)',
  unknown: 'Unknown',
  paused: 'Paused',
};

/** A blast's or a recipient's status (`paused`: a blast waiting out a refusal). */
export function BlastStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" size="sm">
      {LABELS[status] ?? status}
    </Badge>
  );
}
