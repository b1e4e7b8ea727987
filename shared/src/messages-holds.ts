/**
 * Messages of fair stock holds and of transactions offered for a payment (issue 16, items 4
 * and 5; decision 026). Ours: the spec has none for these.
 */
export const holdMessages = {
  /** A cart line or order line above the cap per product (limits.maxQuantityPerLine). */
  perLineCap: (max: number) => `At most ${max} of one item per order`,
  /**
   * A customer who already holds `max` unpaid orders: the way out is to pay one, cancel one, or
   * wait for its hold to end.
   */
  tooManyUnpaid: (max: number, minutes: number) =>
    `You already have ${max} unpaid orders holding stock. Pay or cancel one of them (Orders), or wait until its hold ends in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, then order again.`,
  /** The customer cancelled their unpaid order (POST /api/orders/:id/cancel). */
  cancelled: 'Order cancelled. Its items are back in stock.',
  /** Cancelling an order that is no longer unpaid (paid, shipped, cancelled, refunded). */
  notCancellable: 'Only an unpaid order can be cancelled.',
  /** Cancelling while a transfer offered for it is being confirmed on chain or at PayPal. */
  paymentInFlight:
    'A payment for this order is being confirmed, so it cannot be cancelled now. Please check again in a few minutes.',
  /** Order creation past its limit per account or per address. */
  tooManyOrders: 'Too many orders in a short time. Please wait a few minutes and try again.',
  /** Transactions offered for a payment that did not pay it, past the limit per payment or address. */
  tooManyFailedOffers:
    'Too many transactions that do not pay this payment were offered. Please wait before offering another.',
} as const;
