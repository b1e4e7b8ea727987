/** Business constants and limits of the spec's section 9. */
export const limits = {
  passwordMin: 6,
  nameMin: 2,
  /** Optional '+', a digit 1-9, then up to 15 more digits: at most 16 digits. */
  phonePattern: /^\+?[1-9]\d{0,15}$/,
  /** "a simple address pattern" (spec 5): something@something.something, no spaces. */
  emailPattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  maxFiles: 20,
  maxFileBytes: 419_430_400,
  notesMin: 10,
  maxImageBytes: 5_242_880,
  /** JSON bodies above this answer 413. */
  maxJsonBytes: 1_048_576,
  requestTimeoutMs: 30_000,
  taxRate: 0.07,
  /**
   * Units of one product on one order line: the cart's picker stops here and the API refuses
   * more, so one customer cannot hold a large share of stock unpaid (decision 026).
   */
  maxQuantityPerLine: 10,
} as const;
