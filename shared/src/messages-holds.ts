/**
 * Messages of fair stock holds and of transactions offered for a payment (issue 16, items 4
 * and 5; decision 026). Ours: the spec has none for these.
 */
export const holdMessages = {
  /** A cart line or order line above the cap per product (limits.maxQuantityPerLine). */
  perLineCap: (max: number) => `At most ${max} of one item per order`,
  /**
   * A customer who already holds `max` unpaid orders. Customers cannot cancel an order
   * themselves, so the way out is to pay one or to wait for its hold to end.
   */
  tooManyUnpaid: (max: number, minutes: number) =>
    `You already have ${max} unpaid orders holding stock. Pay one of them (Orders, then Pay now), or wait until its hold ends in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, then order again.`,
  /** Order creation past its limit per account or per address. */
  tooManyOrders: 'Too many orders in a short time. Please wait a few minutes and try again.',
  /** Transactions offered for a payment that did not pay it, past the limit per payment or address. */
  tooManyFailedOffers:
    'Too many transactions that do not pay this payment were offered. Please wait before offering another.',
} as const;
