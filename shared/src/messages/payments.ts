/**
 * Texts of payments: the site's PayPal, USDT and Alephium panels, and the server's answers about
 * a payment. `paymentSpec` holds the spec's exact words; the rest is ours.
 */

/** Spec: exact text (sections 5 and 8), byte for byte. Never reword these. */
export const paymentSpec = {
  paypalLoadFailed: 'Failed to load PayPal. Please try another payment method.',
  paypalVerificationFailed: 'Payment verification failed. Please contact support.',
  paypalFailed: 'Payment failed. Please try again.',
  paypalCancelled: 'Payment cancelled',
  cryptoVerificationFailed:
    'Payment verification failed. Please contact support with your transaction hash.',
  /** 'Payment failed: {reason}' */
  cryptoFailed: (reason: string) => `Payment failed: ${reason}`,
  connectFailed: 'Failed to connect wallet',
  transactionFailed: 'Transaction failed',
  failed: 'Payment failed',
  walletConnected: 'Wallet connected successfully!',
  completed: 'Payment completed successfully!',
  connectFirst: 'Please connect your wallet first',
  insufficientUsdt: 'Insufficient USDT balance',
  insufficientAlph: 'Insufficient ALPH balance',
  submitted: 'Transaction submitted! Waiting for confirmation...',
  alphNotInstalled:
    'Extension Wallet for Alephium is not installed. Please install it from the Chrome Web Store.',
  alphProviderMissing: 'Alephium provider not found',
} as const;

export const paymentMessages = {
  ...paymentSpec,
  // The site's (the spec says only that the extension "is not installed").
  evmNotInstalled:
    'No browser wallet extension is installed. Please install MetaMask (or another Ethereum wallet) to pay with USDT.',
  noAccount: 'Your wallet shared no account',
  configFailed: 'Payment methods could not be loaded',
  quoteFailed: 'The amount due could not be loaded. Please try again.',
  /** The payment result page's alert over the reason. */
  notThroughTitle: 'Your payment did not go through',
  // The server's answers (the spec shows only the site's texts).
  confirmed: 'Payment confirmed',
  pending: 'Payment received and waiting for confirmation',
  alreadyPaid: 'This project is already paid',
  noPaymentPrice: 'This service has no online payment price',
  methodUnavailable: 'This payment method is not available right now',
  submissionNotFound: 'Project submission not found',
  quoteNotFound: 'Start the payment again: no open payment matches this transaction',
  quoteExpired: 'The payment window has expired. Please start the payment again.',
  transferTooEarly: 'This transfer was made before the payment was started',
  alreadyUsed: 'This transaction was already used for another payment',
  unknownTransaction: 'Transaction not found',
  wrongRecipient: 'The transfer did not go to our payment address',
  wrongToken: 'The transfer is not in USDT',
  underpaid: 'The transfer is less than the amount due',
  wrongAmount: 'The amount paid does not match the amount due',
  declined: 'The payment was declined. Please try another card or payment method.',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  // A provider or chain that could not be asked now (down, slow): the payment stays open.
  peerUnavailable:
    'Your payment could not be checked just now. It stays open and is checked again automatically; you can also try again in a moment.',
  conflicted: 'This transaction was replaced by a conflicting one and will not be confirmed',
  // The same words as a sign-in's, for the payment calls' limit per address.
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** Transactions offered for a payment that did not pay it, past the limit per payment or address (decision 026). */
  tooManyFailedOffers:
    'Too many transactions that do not pay this payment were offered. Please wait before offering another.',
  nothingToPay: 'There is nothing to pay for this order',
  webhooksOff: 'PayPal webhooks are not configured',
  webhookSignatureInvalid: 'The webhook signature is not valid',
} as const;
