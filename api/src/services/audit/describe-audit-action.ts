/**
 * Each action `recordAudit` writes, in words for the Audit tab. An action missing here (a new
 * one) still reads: `product.image.add` becomes "Product image add".
 */
const labels: Record<string, string> = {
  'order.status': 'Order status changed',
  'order.shipping': 'Shipping added',
  'submission.payment_state': 'Submission payment changed',
  'submission.work_status': 'Project status changed',
  'submission.version': 'Project version shared',
  'payment.status': 'Payment status changed',
  'refund.create': 'Refund started',
  'refund.complete': 'Refund completed',
  'refund.fail': 'Refund failed',
  'product.create': 'Product created',
  'product.update': 'Product edited',
  'product.deactivate': 'Product deactivated',
  'product.image.add': 'Product image added',
  'product.image.remove': 'Product image removed',
  'service.update': 'Service prices edited',
  'event.create': 'Event created',
  'event.update': 'Event edited',
  'event.delete': 'Event deleted',
  'blast.send': 'Email blast sent',
  'blast.retry': 'Email blast failures retried',
  'blast.resend-unknown': 'Email blast unknowns resent',
  'mail.resend': 'E-mail sent again',
  'subscribers.import': 'Subscribers imported',
  'user.role': 'Account role changed',
};

/** `order.status` as "Order status changed". */
export function describeAuditAction(action: string): string {
  const known = labels[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : action;
}
