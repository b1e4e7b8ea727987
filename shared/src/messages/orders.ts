/**
 * Texts of shop orders: the cart and checkout, stock holds (decision 026), the customer's order
 * pages, and the admin's Orders tab. `orderSpec` holds the spec's exact words; the rest is ours.
 */

/** Spec: exact text (section 8), byte for byte. Never reword these. */
export const orderSpec = {
  statusUpdated: 'Order status updated successfully',
  statusFailed: 'Failed to update order status',
  shippingAdded: 'Shipping information added successfully',
  shippingFailed: 'Failed to add shipping information',
  // The payment result page.
  missingPaymentInfo: 'Missing payment information',
  executionFailed: 'Payment execution failed',
  verificationFailed: 'Payment verification failed',
} as const;

export const orderMessages = {
  ...orderSpec,
  cartEmpty: 'Your cart is empty',
  tooManyItems: 'At most 99 of one item per order',
  /** A cart line or order line above the cap per product (limits.maxQuantityPerLine). */
  perLineCap: (max: number) => `At most ${max} of one item per order`,
  unavailable: (name: string) => `${name} is no longer available`,
  /** Names a product that no longer exists in the messages above. */
  someProduct: 'A product',
  soldElsewhere: (name: string) => `${name} is sold through our partner store, not here`,
  outOfStock: (name: string) => `${name} is out of stock`,
  notEnoughStock: (name: string, left: number) => `Only ${left} left of ${name}`,
  addressRequired: 'A shipping address is required for physical items',
  notFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  notPayable: 'This order can no longer be paid',
  stockGone: (name: string) => `Not enough stock left of ${name} to re-open this order`,
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
  // The site's checkout and the customer's order pages.
  placeFailed: 'Your order could not be placed. Please try again.',
  notPlacedTitle: 'Your order was not placed',
  openFailedTitle: 'This order could not be opened',
  cancelFailed: 'This order could not be cancelled. Please try again.',
  customerLoadFailed: 'This order could not be loaded. Please try again.',
  customerListFailed: 'Your orders could not be loaded. Please try again.',
  // The admin's Orders tab.
  sameStatus: 'The order already has this status',
  carrierRequired: 'Carrier is required',
  trackingRequired: 'Tracking number is required',
  methodRequired: 'Shipping method is required',
  loadFailed: 'This order could not be loaded.',
  loadFailedTitle: 'This order could not be loaded',
  listFailed: 'The orders could not be loaded.',
  listFailedTitle: 'The orders could not be loaded',
  dashboardFailed: 'The dashboard figures could not be loaded.',
  dashboardFailedTitle: 'The dashboard figures could not be loaded',
  /** The shipping address of an order with physical items. */
  address: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    streetRequired: 'Street address is required',
    cityRequired: 'City is required',
    stateRequired: 'State is required',
    zipRequired: 'ZIP code is required',
    zipInvalid: 'Invalid ZIP code',
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Invalid phone number',
  },
} as const;
