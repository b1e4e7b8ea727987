/** What a check of a payment with its provider or chain concluded. */
export type Verdict =
  | { state: 'confirmed'; externalId: string; detail: Record<string, unknown> }
  | { state: 'pending'; detail: Record<string, unknown> }
  /** Definitive: this transaction can never pay this payment. `message` is for the payer. */
  | { state: 'failed'; reason: string; message: string; detail: Record<string, unknown> }
  /**
   * PayPal refused the buyer's funding source (INSTRUMENT_DECLINED): the order stays open, and
   * PayPal's restart lets the buyer approve it again with another one. `message` is for the payer.
   */
  | { state: 'declined'; message: string; detail: Record<string, unknown> }
  /** Not (yet) known to the provider or chain. */
  | { state: 'unknown'; detail: Record<string, unknown> };
