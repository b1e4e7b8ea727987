import type { Env } from '../../env.ts';

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

export interface PaypalCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
  status_details?: { reason?: string };
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
  'PAYPAL_API_BASE' | 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_WEBHOOK_ID'
>;

const tokens = new Map<string, { token: string; expiresAt: number }>();

export function paypalClient(env: PaypalEnv) {
  const base = env.PAYPAL_API_BASE;

  async function token(): Promise<string> {
    const key = `${base}|${env.PAYPAL_CLIENT_ID}`;
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
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
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
    };
    if (!res.ok || !body.access_token) throw new PaypalError(res.status, body as never);
    tokens.set(key, {
      token: body.access_token,
      expiresAt: Date.now() + Math.max(60, (body.expires_in ?? 300) - 60) * 1000,
    });
    return body.access_token;
  }

  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await token()}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json().catch(() => ({}))) as T & Record<string, unknown>;
    if (!res.ok) throw new PaypalError(res.status, json);
    return json as T;
  }

  return {
    createOrder: (order: unknown, requestId: string) =>
      call<PaypalOrder>('POST', '/v2/checkout/orders', order, { 'PayPal-Request-Id': requestId }),
    getOrder: (orderId: string) =>
      call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`),
    /** Idempotent per `requestId`: PayPal answers a repeated capture with the first result. */
    captureOrder: (orderId: string, requestId: string) =>
      call<PaypalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        {
          'PayPal-Request-Id': requestId,
        },
      ),
    async verifyWebhook(
      headers: Record<string, string | undefined>,
      event: unknown,
    ): Promise<boolean> {
      const result = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          auth_algo: headers['paypal-auth-algo'],
          cert_url: headers['paypal-cert-url'],
          transmission_id: headers['paypal-transmission-id'],
          transmission_sig: headers['paypal-transmission-sig'],
          transmission_time: headers['paypal-transmission-time'],
          webhook_id: env.PAYPAL_WEBHOOK_ID,
          webhook_event: event,
        },
      );
      return result.verification_status === 'SUCCESS';
    },
  };
}

/** The first capture of an order, where PayPal reports the money. */
export function firstCapture(order: PaypalOrder): PaypalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}
