import { withTax } from '@studio/shared/money';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { orderItems, orders, type ShippingAddress } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { services } from '../../db/schema/services.ts';
import { users } from '../../db/schema/users.ts';
import { invoiceNumber } from './invoice-number.ts';
import type { InvoiceSubject } from './issue-invoice.ts';

export interface SaleLine {
  name: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface SalePayment {
  method: 'paypal' | 'usdt' | 'alephium';
  /** The provider's id of the transfer: `paypal:<capture>`, `evm:<chain>:<hash>:<log>`, `alph:<tx>`. */
  externalId: string | null;
  /** What was sent in a crypto currency (`USDT`, `ALPH`), in base units; null for USD. */
  amountBaseUnits: string | null;
  currency: string;
  confirmedAt: Date | null;
  refunded: boolean;
}

/**
 * A paid (or unpaid) order or submission as its receipt and its invoice show it: who bought,
 * the lines and totals as they were charged, how it was paid and its invoice number.
 */
export interface Sale {
  subject: InvoiceSubject;
  /** The order number, or the submission's id. */
  reference: string;
  /** Who owns it: the customer's account (an order's always; a submission's when signed in). */
  userId: string | null;
  buyer: { name: string; email: string; address: ShippingAddress | null };
  lines: SaleLine[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  paid: boolean;
  paidAt: Date | null;
  /** Refunded whole (the order's status, the payment PayPal reported refunded, or refunds). */
  refunded: boolean;
  /** Money given back so far (completed refunds), oldest first; the invoice lists each. */
  refunds: { amountCents: number; at: Date }[];
  refundedCents: number;
  payment: SalePayment | null;
  invoice: { number: string; year: number; sequence: number; issuedAt: Date } | null;
}

/** The pre-tax price whose 7% total is `totalCents` (the price a submission was charged). */
function priceBeforeTax(totalCents: number): number {
  const guess = Math.round(totalCents / 1.07);
  for (const price of [guess, guess - 1, guess + 1])
    if (withTax(price).totalCents === totalCents) return price;
  return guess;
}

/**
 * The sale of `subject`, or null when there is none. An order's lines, prices and totals are its
 * own rows, written when it was placed; a submission's price is what its payment charged (the
 * service's price may have changed since), with the service's name. So a sale reads the same
 * each time it is loaded, for a receipt now or an invoice next year.
 */
export async function loadSale(db: DbOrTx, subject: InvoiceSubject): Promise<Sale | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      subject.kind === 'order'
        ? eq(invoices.orderId, subject.id)
        : eq(invoices.submissionId, subject.id),
    )
    .limit(1);
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        subject.kind === 'order'
          ? eq(payments.orderId, subject.id)
          : eq(payments.submissionId, subject.id),
        inArray(payments.status, ['confirmed', 'refunded']),
      ),
    )
    .orderBy(asc(payments.confirmedAt))
    .limit(1);
  const given = await db
    .select({ amountCents: refunds.amountCents, at: refunds.completedAt })
    .from(refunds)
    .where(
      and(
        subject.kind === 'order'
          ? eq(refunds.orderId, subject.id)
          : eq(refunds.submissionId, subject.id),
        eq(refunds.status, 'completed'),
      ),
    )
    .orderBy(asc(refunds.completedAt), asc(refunds.id));
  const refundList = given.map((r) => ({ amountCents: r.amountCents, at: r.at ?? new Date(0) }));
  const refundedCents = refundList.reduce((sum, r) => sum + r.amountCents, 0);
  const salePayment: SalePayment | null = payment
    ? {
        method: payment.method,
        externalId: payment.externalId,
        amountBaseUnits: payment.currency === 'USD' ? null : payment.amountBaseUnits,
        currency: payment.currency,
        confirmedAt: payment.confirmedAt,
        refunded: payment.status === 'refunded',
      }
    : null;
  const issued = invoice
    ? {
        number: invoiceNumber(invoice.year, invoice.number),
        year: invoice.year,
        sequence: invoice.number,
        issuedAt: invoice.issuedAt,
      }
    : null;

  if (subject.kind === 'order') {
    const [row] = await db
      .select({ order: orders, user: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, subject.id))
      .limit(1);
    if (!row) return null;
    const { order, user } = row;
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, subject.id))
      .orderBy(asc(orderItems.name), asc(orderItems.id));
    return {
      subject,
      reference: order.orderNumber,
      userId: order.userId,
      buyer: {
        name: `${user.firstName} ${user.lastName}`,
        email: user.email,
        address: order.shippingAddress,
      },
      lines: items.map((i) => ({
        name: i.name,
        sku: i.sku,
        quantity: i.quantity,
        unitPriceCents: i.unitPriceCents,
        lineTotalCents: i.lineTotalCents,
      })),
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      paid: issued !== null,
      paidAt: order.paidAt ?? payment?.confirmedAt ?? issued?.issuedAt ?? null,
      refunded:
        order.status === 'refunded' ||
        salePayment?.refunded === true ||
        (refundedCents > 0 && refundedCents >= order.totalCents),
      refunds: refundList,
      refundedCents,
      payment: salePayment,
      invoice: issued,
    };
  }

  const [row] = await db
    .select({ submission: projectSubmissions, service: services })
    .from(projectSubmissions)
    .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
    .where(eq(projectSubmissions.id, subject.id))
    .limit(1);
  if (!row) return null;
  const { submission, service } = row;
  const price = payment
    ? priceBeforeTax(payment.amountCents)
    : (service.checkoutPriceCents ?? service.listPriceCents);
  const totals = withTax(price);
  return {
    subject,
    reference: submission.id,
    userId: submission.userId,
    buyer: { name: submission.name, email: submission.email, address: null },
    lines: [
      {
        name: service.title,
        sku: service.sku,
        quantity: 1,
        unitPriceCents: totals.subtotalCents,
        lineTotalCents: totals.subtotalCents,
      },
    ],
    subtotalCents: totals.subtotalCents,
    shippingCents: 0,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    paid: issued !== null,
    paidAt: submission.paidAt ?? payment?.confirmedAt ?? issued?.issuedAt ?? null,
    refunded:
      submission.paymentState === 'refunded' ||
      salePayment?.refunded === true ||
      (refundedCents > 0 && refundedCents >= totals.totalCents),
    refunds: refundList,
    refundedCents,
    payment: salePayment,
    invoice: issued,
  };
}
