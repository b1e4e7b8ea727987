import { roomMessages } from '@studio/shared/messages/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';

export type PaymentState = ProjectRoom['paymentState'];

export const paymentStateLabels: Record<PaymentState, string> = roomMessages.paymentStates;

/** Light shades, as the work status's badge beside it (site/src/components/project-room). */
export const paymentStateBadgeColors: Record<PaymentState, string> = {
  unpaid: 'yellow.3',
  pending: 'blue.3',
  paid: 'green.3',
  refunded: 'gray.3',
};
