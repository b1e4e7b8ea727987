import type { PaymentMethod } from '@studio/shared/schemas/payments';
import type { PaymentConfig } from './api/get-payment-config';

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
  /**
   * The wallet switched networks. The spec reloads the page; a caller whose state a reload would
   * lose (the payment modal) reloads to a page that keeps it instead.
   */
  onChainChanged?(): void;
  /** The tab to open first (PayPal by default). */
  initialMethod?: PaymentMethod;
}

/** What each method's panel receives. */
export interface PanelProps extends Omit<PaymentMethodsProps, 'initialMethod'> {
  /** Whether its tab is the one showing: the quote is fetched only then. */
  active: boolean;
  config: PaymentConfig;
}

/**
 * Where a payment is: spec 4's idle, processing, submitted, confirmed or failed; or
 * `unavailable`: the provider or chain could not be asked just now (503), the payment stays open
 * and is checked again by the server, and `retry` asks again about the same payment.
 */
export type PayStage =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'submitted'; txId: string }
  | { kind: 'confirming'; txId?: string | undefined }
  | { kind: 'done'; txId?: string | undefined }
  | { kind: 'failed'; message: string; txId?: string | undefined }
  | { kind: 'unavailable'; message: string; txId?: string | undefined; retry: () => void };
