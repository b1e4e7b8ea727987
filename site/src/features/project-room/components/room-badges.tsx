import { Badge, VisuallyHidden } from '@mantine/core';
import type { WorkStatus } from '@studio/shared/project-room';
import {
  type PaymentState,
  paymentStateBadgeColors,
  paymentStateLabels,
  workStatusBadgeColors,
  workStatusLabels,
} from '../room-display';

// A faint wash of its own colour, so the badge reads as a label on the dark page.
const wash = { root: { backgroundColor: 'color-mix(in srgb, currentColor 12%, transparent)' } };

/** Where the work stands. */
export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  return (
    <Badge color={workStatusBadgeColors[status]} variant="outline" styles={wash}>
      {/* Two badges side by side: each says what it is to a screen reader. */}
      <VisuallyHidden>Work status: </VisuallyHidden>
      {workStatusLabels[status]}
    </Badge>
  );
}

/** Whether the project is paid. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return (
    <Badge color={paymentStateBadgeColors[state]} variant="outline" styles={wash}>
      <VisuallyHidden>Payment: </VisuallyHidden>
      {paymentStateLabels[state]}
    </Badge>
  );
}
