import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import { withTax } from '@studio/shared/money';
import { isPaidOrderStatus } from '@studio/shared/statuses';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';

/** What a payment pays for. */
export type Subject = { kind: 'submission'; id: string } | { kind: 'order'; id: string };

export interface PayableLine {
  name: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  /** Delivered as files (a digital product, a project's work): PayPal's DIGITAL_GOODS. */
  digital: boolean;
}

/** A submission or an order, reduced to what paying it needs. */
export interface Payable {
  subject: Subject;
  /** Who it is for (receipts). */
  name: string;
  email: string;
  userId: string | null;
  title: string;
  reference: string;
  lines: PayableLine[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  paid: boolean;
  /** False when it can no longer be paid (a cancelled order). */
  payable: boolean;
}

/** A submission with the service it is for, or 404. */
export async function loadSubmission(db: DbOrTx, submissionId: string) {
  const [row] = await db
    .select({ submission: projectSubmissions, service: services })
    .from(projectSubmissions)
    .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
    .where(eq(projectSubmissions.id, submissionId))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND', paymentMessages.submissionNotFound);
  return row;
}

export async function loadPayable(db: DbOrTx, subject: Subject): Promise<Payable> {
  if (subject.kind === 'submission') {
    const { submission, service } = await loadSubmission(db, subject.id);
    if (service.checkoutPriceCents === null) {
      throw new ApiError('UNPROCESSABLE', paymentMessages.noPaymentPrice);
    }
    const t = withTax(service.checkoutPriceCents);
    return {
      subject,
      name: submission.name,
      email: submission.email,
      userId: submission.userId,
      title: service.title,
      reference: submission.id,
      lines: [
        {
          name: service.title,
          sku: service.sku,
          quantity: 1,
          unitPriceCents: t.subtotalCents,
          digital: true,
        },
      ],
      subtotalCents: t.subtotalCents,
      shippingCents: 0,
      taxCents: t.taxCents,
      totalCents: t.totalCents,
      paid: submission.paymentState === 'paid',
      // Refunded in all: the project was called off, so its pay link no longer takes money.
      payable: submission.paymentState !== 'refunded',
    };
  }
  const [row] = await db
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, subject.id))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND', orderMessages.notFound);
  const lines = await db
    .select({
      name: orderItems.name,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      category: products.category,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, subject.id))
    .orderBy(asc(orderItems.name));
  return {
    subject,
    name: `${row.user.firstName} ${row.user.lastName}`,
    email: row.user.email,
    userId: row.user.id,
    title: `Order ${row.order.orderNumber}`,
    reference: row.order.orderNumber,
    lines: lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      digital: l.category === 'digital',
    })),
    subtotalCents: row.order.subtotalCents,
    shippingCents: row.order.shippingCents,
    taxCents: row.order.taxCents,
    totalCents: row.order.totalCents,
    paid: isPaidOrderStatus(row.order.status),
    payable: row.order.status === 'pending',
  };
}

export async function loadPayment(db: DbOrTx, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row;
}

export function subjectOf(payment: {
  submissionId: string | null;
  orderId: string | null;
}): Subject {
  return payment.orderId
    ? { kind: 'order', id: payment.orderId }
    : { kind: 'submission', id: payment.submissionId ?? '' };
}

export type Payment = typeof payments.$inferSelect;
