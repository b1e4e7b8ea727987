import { Text, Timeline } from '@mantine/core';
import { statusSourceLabels } from '@studio/shared/statuses';
import type { MyOrder } from '../api/get-my-order';
import { formatOrderDateTime, statusColors, statusLabels } from '../order-format';

/**
 * Every status the order has had, oldest first, each with its local date and time and what
 * caused it (the customer, the store, a payment confirmed on chain...).
 */
export function OrderTimeline({ history }: { history: MyOrder['history'] }) {
  return (
    <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
      {history.map((entry) => (
        <Timeline.Item
          // A status can come back (an order re-opened), but never at the same instant.
          key={`${entry.status}-${entry.at}`}
          title={statusLabels[entry.status]}
          color={statusColors[entry.status]}
        >
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>{formatOrderDateTime(entry.at)}</time> ·{' '}
            {statusSourceLabels[entry.source]}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
