/**
 * Texts of refunds made from the admin (issue 18, item 3; decision 035). All ours: the spec has
 * none for these.
 */
export const refundMessages = {
  // The form, in the modal and from the API alike.
  amountRequired: 'Enter the amount to refund',
  amountWhole: 'Enter the amount in dollars and cents',
  amountPositive: 'The amount to refund must be more than $0.00',
  amountTooLarge: 'That amount is more than any payment here',
  reasonRequired: 'Give a reason for the refund',
  reasonTooLong: 'Keep the reason under 255 characters',
  requestIdRequired: 'Reload the order and try again',
  restockQuantity: 'Enter a whole number of items to return to stock',
  txHashTooLong: 'A transaction hash is at most 100 characters',
  // The server's checks.
  orderNotPaid: 'Nothing was paid online for this order, so there is nothing to refund',
  submissionNotPaid: 'Nothing was paid online for this project, so there is nothing to refund',
  nothingLeft: 'Everything paid has already been refunded',
  amountTooHigh: (left: string) => `At most ${left} can be refunded (what was paid, less refunds)`,
  requestIdReused:
    'This refund request was already used for a different refund. Close the window and start again.',
  txHashRequired: 'Enter the transaction hash of the refund you sent from your wallet',
  txHashNotForPaypal: 'PayPal sends PayPal refunds: leave the transaction hash empty',
  txHashUsdt: 'Enter the transaction hash: 0x followed by 64 hexadecimal characters',
  txHashAlephium: 'Enter the Alephium transaction id: 64 hexadecimal characters',
  txHashIsPayment: "This is the customer's payment, not the refund you sent",
  txHashUsed: 'This transaction hash is already recorded for a refund',
  restockOnlyOrders: 'Only shop orders have items to return to stock',
  restockNotInOrder: 'Only items of this order can be returned to stock',
  restockTooMany: (name: string, left: number) =>
    left === 0
      ? `All of ${name} is already back in stock`
      : `At most ${left} of ${name} can be returned to stock`,
  paypalOff: 'PayPal is not configured here: refund this payment in your PayPal account',
  // PayPal's answers.
  paypalUnavailable:
    'PayPal could not be reached. The refund is saved as pending and is sent again automatically; you can also try again in a moment.',
  inFlight: 'This refund is being sent to PayPal right now. Check again in a moment.',
  paypalFullyRefunded: 'PayPal says this payment is already fully refunded',
  paypalAmountExceeded: 'PayPal refused: the amount is more than what is left to refund there',
  paypalRefused: (issue: string) => `PayPal refused the refund (${issue})`,
  paypalFailed: 'PayPal could not complete the refund',
  // Successes.
  completed: 'Refund completed',
  pending:
    'PayPal accepted the refund and is still processing it: it completes when PayPal confirms it',
  recorded: 'Refund recorded',
  /** The site's fallback when the call failed without a reason from the server. */
  failed: 'The refund could not be made',
} as const;
