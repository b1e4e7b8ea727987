import type { Env } from '../../env.ts';
import { callPeer } from './call-peer.ts';
import { PeerUnavailableError } from './peer-unavailable-error.ts';

/**
 * PayPal REST (Orders v2) with plain fetch: an OAuth2 client-credentials token, cached until
 * shortly before it expires. Errors carry PayPal's `name`/`details[].issue` for the caller.
 */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly body: { name?: string; details?: { issue?: string }[]; [k: string]: unknown },
  ) {
    super(
      `PayPal answered ${status}: ${body.name ?? ''} ${body.details?.map((d) => d.issue).join(',') ?? ''}`,
    );
  }

  hasIssue(issue: string): boolean {
    return this.body.name === issue || Boolean(this.body.details?.some((d) => d.issue === issue));
  }
}

/** Orders v2 `capture`: status COMPLETED, DECLINED, PARTIALLY_REFUNDED, PENDING, REFUNDED, FAILED. */
export interface PaypalCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
  status_details?: { reason?: string };
}

/** Payments v2 `refund`: status COMPLETED, PENDING, FAILED or CANCELLED. */
export interface PaypalRefund {
  id: string;
  status: string;
  status_details?: { reason?: string };
  amount?: { currency_code: string; value: string };
  custom_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown?: { total_refunded_amount?: { currency_code: string; value: string } };
  links?: { href: string; rel: string; method?: string }[];
}

/** Payments v2 refund request: `amount` (else the rest of the capture), our ids, the note. */
export interface PaypalRefundRequest {
  amount: { currency_code: 'USD'; value: string };
  custom_id: string;
  note_to_payer: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PaypalCapture[] };
  }[];
  links?: { href: string; rel: string; method?: string }[];
}

type PaypalEnv = Pick<
  Env,
  | 'PAYPAL_API_BASE'
  | 'PAYPAL_CLIENT_ID'
  | 'PAYPAL_CLIENT_SECRET'
  | 'PAYPAL_WEBHOOK_ID'
  | 'PAYMENT_PROVIDER_TIMEOUT_MS'
>;

const tokens = new Map<string, { token: string; expiresAt: number }>();
/** Token requests under way, shared by the calls that wait for one. */
const fetching = new Map<string, Promise<string>>();

/** The JSON of an answer read whole under the call's signal (an abort is thrown, not `{}`). */
async function bodyOf(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Each call has PAYMENT_PROVIDER_TIMEOUT_MS (token included) and is sent once more after a
 * timeout, a refused connection or a 5xx, with the same PayPal-Request-Id (PayPal's idempotency:
 * the repeat answers the first request's result); then it throws PeerUnavailableError. A 401 to
 * the cached token (PayPal's `invalid_token`: expired early or revoked) drops it and asks for a
 * new one, once per try.
 */
export function paypalClient(env: PaypalEnv) {
  const base = env.PAYPAL_API_BASE;
  const key = `${base}|${env.PAYPAL_CLIENT_ID}`;

  async function requestToken(signal: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${env.PAYPAL_CLIENT_ID}:${env.PAYPAL_CLIENT_SECRET}`).toString(
      'base64',
    );
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal,
    });
    if (res.status >= 500 || res.status === 429) {
      throw new PeerUnavailableError('paypal', `token answered ${res.status}`);
    }
    const body = (await bodyOf(res)) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new PaypalError(res.status, body as never);
    tokens.set(key, {
      token: body.access_token,
      expiresAt: Date.now() + Math.max(60, (body.expires_in ?? 300) - 60) * 1000,
    });
    return body.access_token;
  }

  function token(signal: AbortSignal): Promise<string> {
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.token);
    let pending = fetching.get(key);
    if (!pending) {
      pending = requestToken(signal).finally(() => fetching.delete(key));
      fetching.set(key, pending);
    }
    return pending;
  }

  function call<T>(
    method: string,
    path: string,
    body?: string | Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = {},
  ): Promise<T> {
    return callPeer('paypal', env.PAYMENT_PROVIDER_TIMEOUT_MS, async (signal) => {
      const send = (bearer: string) =>
        fetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${bearer}`,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
            ...headers,
          },
          body,
          signal,
        });
      const used = await token(signal);
      let res = await send(used);
      if (res.status === 401) {
        await res.body?.cancel();
        if (tokens.get(key)?.token === used) tokens.delete(key);
        res = await send(await token(signal));
      }
      if (res.status >= 500 || res.status === 429) {
        await res.body?.cancel();
        throw new PeerUnavailableError('paypal', `${method} ${path} answered ${res.status}`);
      }
      const json = await bodyOf(res);
      if (!res.ok) throw new PaypalError(res.status, json);
      return json as T;
    });
  }

  return {
    createOrder: (order: unknown, requestId: string) =>
      call<PaypalOrder>('POST', '/v2/checkout/orders', JSON.stringify(order), {
        'PayPal-Request-Id': requestId,
      }),
    getOrder: (orderId: string) =>
      call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`),
    /** Idempotent per `requestId`: PayPal answers a repeated capture with the first result. */
    captureOrder: (orderId: string, requestId: string) =>
      call<PaypalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        '{}',
        { 'PayPal-Request-Id': requestId },
      ),
    /**
     * Payments v2 refund of a capture. Idempotent per `requestId` (PayPal keeps it 45 days and
     * answers a repeat with the refund's latest status), so a retry never refunds twice.
     */
    refundCapture: (captureId: string, refund: PaypalRefundRequest, requestId: string) =>
      call<PaypalRefund>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        JSON.stringify(refund),
        { 'PayPal-Request-Id': requestId },
      ),
    /** Payments v2 "Show refund details": a refund's status now (one PayPal answered PENDING). */
    getRefund: (refundId: string) =>
      call<PaypalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`),
    getCapture: (captureId: string) =>
      call<PaypalCapture>('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`),
    /**
     * PayPal's verify-webhook-signature with the event exactly as it was received: its bytes are
     * put into the request as they are (a parsed and re-serialised copy could differ, and PayPal
     * checks the signature over the body it sent).
     */
    async verifyWebhook(
      headers: Record<string, string | undefined>,
      rawEvent: Uint8Array,
    ): Promise<boolean> {
      const fields = JSON.stringify({
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: env.PAYPAL_WEBHOOK_ID,
      });
      const body = Buffer.concat([
        Buffer.from(`${fields.slice(0, -1)}${fields === '{}' ? '' : ','}"webhook_event":`),
        rawEvent,
        Buffer.from('}'),
      ]);
      const result = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        body,
      );
      return result.verification_status === 'SUCCESS';
    },
  };
}

/** The first capture of an order, where PayPal reports the money. */
export function firstCapture(order: PaypalOrder): PaypalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}
