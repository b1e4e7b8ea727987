import { Badge, VisuallyHidden } from '@mantine/core';
import { badgeWash } from '../../../components/project-room/work-status-badge';
import { type PaymentState, paymentStateBadgeColors, paymentStateLabels } from '../room-display';

/** Whether the project is paid: beside its work status, and drawn as that badge is. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return (
    <Badge color={paymentStateBadgeColors[state]} variant="outline" styles={badgeWash}>
      <VisuallyHidden>Payment: </VisuallyHidden>
      {paymentStateLabels[state]}
    </Badge>
  );
}
