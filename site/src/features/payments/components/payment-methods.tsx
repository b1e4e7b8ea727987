import type { PaymentMethod } from '@studio/shared/schemas/payments';

/** What is being paid: a project submission or a shop order. */
export type PaySubject = { kind: 'submission'; id: string } | { kind: 'order'; id: string };

/** What a method produced: a PayPal order the buyer approved, or a crypto transaction id. */
export interface PaymentResult {
  method: PaymentMethod;
  /** PayPal order id, EVM transaction hash or Alephium transaction id. */
  transactionId: string;
  /** PayPal's payer id (PayPal only). */
  payerId?: string;
}

export interface PaymentMethodsProps {
  subject: PaySubject;
  /**
   * Called once the buyer has paid (or approved, for PayPal). Resolve once the server has
   * confirmed the payment; throw an Error whose message the panel shows.
   */
  onConfirm(result: PaymentResult): Promise<void>;
  /** True while a payment is being made: the caller should keep the buyer on the page. */
  onProcessingChange?(processing: boolean): void;
}

/** Tabs PayPal (default), USDT and ALPH, each paying `subject` at the server's quote. */
export function PaymentMethods(_props: PaymentMethodsProps) {
  return null;
}
