/**
 * A stand-in for the parts of PayPal's REST API the API uses, for tests.
 *
 * Shapes follow PayPal's reference docs (developer.paypal.com):
 * - OAuth2 client-credentials token, `POST /v1/oauth2/token` (api/rest/authentication): 200
 *   `{ scope, access_token, token_type: 'Bearer', app_id, expires_in, nonce }`; bad client 401
 *   `{ error: 'invalid_client', error_description }`.
 * - Orders v2 (api/orders/v2): create (`#orders_create`), show (`#orders_get`), capture (`#orders_capture`),
 *   the `capture` definition (api/orders/v2/definitions/capture: `status` COMPLETED | DECLINED | PENDING | ...,
 *   `status_details.reason`, `amount`, `custom_id`, `final_capture`, `seller_protection`,
 *   `seller_receivable_breakdown` "not available for transactions that are in pending state"), the
 *   `PayPal-Request-Id` idempotency header (api/rest/reference/idempotency: a repeated request answers
 *   `200 OK` with the stored result), and the error model (api/rest/responses, Orders v2 errors):
 *   `{ name, details: [{ field?, value?, location?, issue, description }], message, debug_id, links }`.
 * - Webhooks v1: `POST /v1/notifications/verify-webhook-signature` (api/webhooks/v1, definition
 *   `verify_webhook_signature`) -> `{ verification_status: 'SUCCESS' | 'FAILURE' }`; the event envelope
 *   (api/rest/webhooks, event names) `{ id, event_version, create_time, resource_type, resource_version,
 *   event_type, summary, resource, links }`. Like PayPal, the transmission signature signs
 *   `<transmission_id>|<transmission_time>|<webhook_id>|<crc32 of the body>` (SHA256withRSA), over the
 *   body as PayPal sent it: verification reads `webhook_event` from the verify request as its raw
 *   text, so an event parsed and re-serialised (other spacing, key order or escapes) fails, as it
 *   does at PayPal.
 * - Faults for the fault tests: a call that hangs, a call acted on whose answer is lost (a capture
 *   made while the caller times out), `500 INTERNAL_SERVER_ERROR`/`503 SERVICE_UNAVAILABLE` in the
 *   error model above, connections refused (`stop()`), cached tokens PayPal no longer accepts (401
 *   `{ error: 'invalid_token', error_description }`, api/rest/authentication), the decline and
 *   restart flow (checkout/standard/customize/handle-funding-failures: 422 `INSTRUMENT_DECLINED`
 *   with a `redirect` link; the buyer approves the same order again with another funding source),
 *   and refunds (Payments v2 `captures/{id}/refund` and `refunds/{id}`, the `refund` definition
 *   with `status` COMPLETED | PENDING | FAILED | CANCELLED, `status_details.reason` ECHECK,
 *   `custom_id`, `note_to_payer`, `seller_payable_breakdown.total_refunded_amount`; the capture
 *   turns PARTIALLY_REFUNDED, then REFUNDED; 422 REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED,
 *   REFUND_CAPTURE_CURRENCY_MISMATCH; a repeated PayPal-Request-Id answers the same refund with
 *   its latest status). Idempotency replays a declined capture's 422 for the same PayPal-Request-Id ("the
 *   latest status of the previous request").
 */
import { generateKeyPairSync, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { type Fault, listen, type ReceivedRequest, sendJson } from './http.ts';

export interface PaypalStandin {
  baseUrl: string; // http://127.0.0.1:<port>  (used as PAYPAL_API_BASE)
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Every request received, for assertions (method, path, headers lower-cased, parsed JSON body, raw body). */
  requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: unknown;
    rawBody: string;
  }[];
  /**
   * The buyer approves the order (as after the PayPal popup). Until then capture answers 422
   * ORDER_NOT_APPROVED. After a declined capture, approving again is PayPal's restart: the buyer
   * picked another funding source, and the next capture completes.
   */
  approve(orderId: string): void;
  /**
   * Makes matching requests fail: 'hang' (never answered), 'lose-answer' (acted on, never
   * answered), or 500/503 in PayPal's error model; `times` requests (all until cleared).
   */
  fault(
    match: { method?: string; path: string | RegExp },
    fault: 'hang' | 'lose-answer' | 500 | 503,
    times?: number,
  ): void;
  clearFaults(): void;
  /** Refuses connections until `start()` (same address). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Every access token issued so far is refused from now on: 401 `invalid_token`. */
  expireTokens(): void;
  /**
   * Refunds `value` (default: what is left) of a capture, as `POST /v2/payments/captures/{id}/refund`
   * does; answers the refund resource (for a PAYMENT.CAPTURE.REFUNDED event).
   */
  refund(captureId: string, value?: string): Record<string, unknown>;
  /**
   * What the next refunds of `captureId` (of every capture when none is named) answer: COMPLETED
   * (default), PENDING (`status_details.reason` ECHECK; `completeRefund` finishes it), FAILED or
   * CANCELLED. A PENDING refund holds its amount; a FAILED or CANCELLED one does not.
   */
  setRefundOutcome(outcome: RefundOutcome, captureId?: string): void;
  /**
   * A PENDING refund ends, as PayPal finishing it: COMPLETED (default), or FAILED or CANCELLED
   * (its amount free again); answers the refund (the webhook's resource).
   */
  completeRefund(
    refundId: string,
    status?: 'COMPLETED' | 'FAILED' | 'CANCELLED',
  ): Record<string, unknown>;
  /** The refund requests received (POST captures/{id}/refund): capture, PayPal-Request-Id, body. */
  refundRequests(): { captureId: string; requestId: string | undefined; body: unknown }[];
  /** What the next capture of this order yields: 'COMPLETED' (default), 'PENDING' (status_details.reason e.g. 'PENDING_REVIEW'), or 'DECLINED' (422 UNPROCESSABLE_ENTITY with details issue 'INSTRUMENT_DECLINED', the real error shape). */
  setCaptureOutcome(orderId: string, outcome: 'COMPLETED' | 'PENDING' | 'DECLINED'): void;
  /** Make the capture report a different amount than ordered (a "wrong amount" scenario), e.g. '1.00'. */
  setCapturedAmount(orderId: string, value: string, currency?: string): void;
  /** Turn a PENDING capture into COMPLETED (GET order then shows it completed). */
  completeCapture(captureId: string): void;
  /** Build a webhook event body of the documented shape for event_type with the given resource. */
  webhookEvent(eventType: string, resource: Record<string, unknown>): Record<string, unknown>;
  /**
   * verify-webhook-signature answers SUCCESS only for events whose transmission headers were produced by this helper,
   * over the body as sent: `event` as JSON.stringify writes it, or the raw body text given.
   */
  signedHeaders(event: Record<string, unknown> | string): Record<string, string>; // paypal-transmission-id, -time, -sig, paypal-cert-url, paypal-auth-algo
  close(): Promise<void>;
}

interface Money {
  currency_code: string;
  value: string;
}

interface Detail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
  issue: string;
  description: string;
}

type RefundOutcome = 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';

interface StoredRefund {
  id: string;
  amount: Money;
  status: RefundOutcome;
  customId?: string;
  invoiceId?: string;
  noteToPayer?: string;
  createTime: string;
  updateTime: string;
}

interface StoredCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  refunds: StoredRefund[];
  reason?: string;
  amount: Money;
  customId?: string;
  invoiceId?: string;
  createTime: string;
  updateTime: string;
}

interface StoredOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  /** The purchase units as requested (reference_id defaulted), which GET shows back. */
  units: Record<string, unknown>[];
  captures: StoredCapture[];
  createTime: string;
  updateTime: string;
}

// --- Constants from the docs ------------------------------------------------------------------------

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  UNSUPPORTED_MEDIA_TYPE: 'The server does not support the request payload’s media type.',
  METHOD_NOT_SUPPORTED: 'The server does not implement the requested HTTP method.',
};

const DESCRIPTIONS: Record<string, string> = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_MAX_LENGTH: 'The value of a field is too long.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
  INVALID_CURRENCY_CODE:
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/docs/api/reference/currency-codes/ for list of supported currency codes.',
  DECIMAL_PRECISION:
    'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_NEGATIVE:
    'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.',
  MULTI_CURRENCY_CODE:
    'Multiple differing values of currency_code are not supported. Entire request must have the same currency_code.',
  AMOUNT_MISMATCH:
    'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  ITEM_TOTAL_MISMATCH:
    'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  TAX_TOTAL_MISMATCH:
    'Should equal sum of (tax * quantity) across all items for a given purchase_unit.',
  TAX_TOTAL_REQUIRED:
    'If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required.',
  REFERENCE_ID_REQUIRED:
    "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: '`reference_id` must be unique if multiple `purchase_unit` are provided.',
  INVALID_RESOURCE_ID:
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED:
    "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  UNSUPPORTED_MEDIA_TYPE: 'The API does not support this content type.',
  // Payments v2 (api/payments/v2 errors).
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture.',
};

/** PayPal's supported currency codes (api/rest/reference/currency-codes); HUF, JPY, TWD have no decimals. */
const CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(
    ' ',
  ),
);
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
/** `money.value` pattern from the Orders v2 `money` definition. */
const MONEY_VALUE = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const BREAKDOWN_ADD = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'] as const;
const BREAKDOWN_SUB = ['shipping_discount', 'discount'] as const;

const PAYER = {
  name: { given_name: 'John', surname: 'Doe' },
  email_address: 'sb-buyer@personal.example.com',
  payer_id: 'QYR5Z8XDVJNXQ',
  address: { country_code: 'US' },
};
const PAYEE = { email_address: 'sb-merchant@business.example.com', merchant_id: 'C92NPPXDJSMXE' };
const AUTH_ALGO = 'SHA256withRSA';

// --- Helpers -----------------------------------------------------------------------------------------

/** PayPal-style ids: 17 upper-case alphanumerics (e.g. order 5O190127TN364715T). */
function paypalId(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(randomBytes(17), (b) => alphabet[b % alphabet.length]).join('');
}

function debugId(): string {
  return randomBytes(7).toString('hex').slice(0, 13);
}

/** `2021-11-14T23:38:52Z` (PayPal drops the milliseconds). */
function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.name));
  }
}

function ordersError(status: number, name: string, details: Detail[], links: unknown[] = []) {
  const first = details[0]?.issue;
  return new PaypalError(status, {
    name,
    details,
    message: MESSAGES[name] ?? name,
    debug_id: debugId(),
    links: [
      ...(first
        ? [
            {
              href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${first}`,
              rel: 'information_link',
              method: 'GET',
            },
          ]
        : []),
      ...links,
    ],
  });
}

function detail(
  issue: string,
  field?: string,
  value?: string,
  location: Detail['location'] = 'body',
) {
  const d: Detail = { issue, description: DESCRIPTIONS[issue] ?? issue };
  if (field !== undefined) {
    d.field = field;
    d.location = location;
  }
  if (value !== undefined) d.value = value;
  return d;
}

const invalid = (issue: string, field?: string, value?: string) =>
  ordersError(400, 'INVALID_REQUEST', [detail(issue, field, value)]);
const unprocessable = (issue: string, field?: string, value?: string) =>
  ordersError(422, 'UNPROCESSABLE_ENTITY', [detail(issue, field, value)]);

function decimalsOf(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

function formatMinor(minor: bigint, currency: string): string {
  const decimals = decimalsOf(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

interface ParsedMoney {
  currency: string;
  minor: bigint;
}

/** Validates a `money` object the way Orders v2 does; `minor` is in the currency's smallest unit. */
function parseMoney(
  raw: unknown,
  field: string,
  options: { currency?: string; positive?: boolean } = {},
): ParsedMoney {
  if (raw === undefined) throw invalid('MISSING_REQUIRED_PARAMETER', field);
  if (!isObject(raw)) throw invalid('INVALID_PARAMETER_SYNTAX', field);
  const currency = raw.currency_code;
  if (currency === undefined) throw invalid('MISSING_REQUIRED_PARAMETER', `${field}/currency_code`);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw invalid('INVALID_PARAMETER_SYNTAX', `${field}/currency_code`, String(currency));
  }
  if (!CURRENCIES.has(currency)) {
    throw unprocessable('INVALID_CURRENCY_CODE', `${field}/currency_code`, currency);
  }
  if (options.currency !== undefined && currency !== options.currency) {
    throw unprocessable('MULTI_CURRENCY_CODE', `${field}/currency_code`, currency);
  }
  const value = raw.value;
  if (value === undefined) throw invalid('MISSING_REQUIRED_PARAMETER', `${field}/value`);
  if (typeof value !== 'string' || value.length > 32 || !MONEY_VALUE.test(value)) {
    throw invalid('INVALID_PARAMETER_SYNTAX', `${field}/value`, String(value));
  }
  const negative = value.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const decimals = decimalsOf(currency);
  if (fraction.length > decimals) {
    throw unprocessable(
      decimals === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION',
      `${field}/value`,
      value,
    );
  }
  const magnitude =
    BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  const minor = negative ? -magnitude : magnitude;
  if (options.positive && minor <= 0n) {
    throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', `${field}/value`, value);
  }
  if (minor < 0n) throw unprocessable('CANNOT_BE_NEGATIVE', `${field}/value`, value);
  return { currency, minor };
}

function checkString(unit: Record<string, unknown>, key: string, max: number, base: string): void {
  const value = unit[key];
  if (value === undefined) return;
  if (typeof value !== 'string') throw invalid('INVALID_PARAMETER_SYNTAX', `${base}/${key}`);
  if (value.length > max) throw invalid('INVALID_STRING_MAX_LENGTH', `${base}/${key}`, value);
}

/** Validates one purchase unit of a create-order request (amount, breakdown, items, ids). */
function validateUnit(unit: Record<string, unknown>, referenceId: string): void {
  const base = `/purchase_units/@reference_id=='${referenceId}'`;
  for (const [key, max] of [
    ['reference_id', 256],
    ['description', 127],
    ['custom_id', 127],
    ['invoice_id', 127],
    ['soft_descriptor', 22],
  ] as const) {
    checkString(unit, key, max, base);
  }

  const amount = parseMoney(unit.amount, `${base}/amount`, { positive: true });
  const currency = amount.currency;
  const amountRaw = unit.amount as Record<string, unknown>;
  const breakdownRaw = amountRaw.breakdown;
  const breakdown = new Map<string, bigint>();
  if (breakdownRaw !== undefined) {
    if (!isObject(breakdownRaw))
      throw invalid('INVALID_PARAMETER_SYNTAX', `${base}/amount/breakdown`);
    for (const key of [...BREAKDOWN_ADD, ...BREAKDOWN_SUB]) {
      if (breakdownRaw[key] === undefined) continue;
      const part = parseMoney(breakdownRaw[key], `${base}/amount/breakdown/${key}`, { currency });
      breakdown.set(key, part.minor);
    }
  }

  const items = unit.items;
  let itemSum = 0n;
  let taxSum = 0n;
  let anyTax = false;
  if (items !== undefined) {
    if (!Array.isArray(items)) throw invalid('INVALID_PARAMETER_SYNTAX', `${base}/items`);
    items.forEach((item: unknown, index) => {
      const field = `${base}/items/${index}`;
      if (!isObject(item)) throw invalid('INVALID_PARAMETER_SYNTAX', field);
      if (item.name === undefined) throw invalid('MISSING_REQUIRED_PARAMETER', `${field}/name`);
      if (typeof item.name !== 'string') throw invalid('INVALID_PARAMETER_SYNTAX', `${field}/name`);
      if (item.name.length > 127) throw invalid('INVALID_STRING_MAX_LENGTH', `${field}/name`);
      if (item.quantity === undefined) {
        throw invalid('MISSING_REQUIRED_PARAMETER', `${field}/quantity`);
      }
      if (typeof item.quantity !== 'string' || !/^[1-9][0-9]{0,9}$/.test(item.quantity)) {
        throw invalid('INVALID_PARAMETER_SYNTAX', `${field}/quantity`, String(item.quantity));
      }
      const quantity = BigInt(item.quantity);
      const unitAmount = parseMoney(item.unit_amount, `${field}/unit_amount`, { currency });
      itemSum += unitAmount.minor * quantity;
      if (item.tax !== undefined) {
        anyTax = true;
        taxSum += parseMoney(item.tax, `${field}/tax`, { currency }).minor * quantity;
      }
    });
    if (!breakdown.has('item_total')) {
      throw unprocessable('ITEM_TOTAL_REQUIRED', `${base}/amount/breakdown/item_total`);
    }
    if (breakdown.get('item_total') !== itemSum) {
      throw unprocessable(
        'ITEM_TOTAL_MISMATCH',
        `${base}/amount/breakdown/item_total/value`,
        formatMinor(breakdown.get('item_total') ?? 0n, currency),
      );
    }
    if (anyTax && !breakdown.has('tax_total')) {
      throw unprocessable('TAX_TOTAL_REQUIRED', `${base}/amount/breakdown/tax_total`);
    }
    if (anyTax && breakdown.get('tax_total') !== taxSum) {
      throw unprocessable(
        'TAX_TOTAL_MISMATCH',
        `${base}/amount/breakdown/tax_total/value`,
        formatMinor(breakdown.get('tax_total') ?? 0n, currency),
      );
    }
  }

  if (breakdownRaw !== undefined) {
    let total = 0n;
    for (const key of BREAKDOWN_ADD) total += breakdown.get(key) ?? 0n;
    for (const key of BREAKDOWN_SUB) total -= breakdown.get(key) ?? 0n;
    if (total !== amount.minor) {
      throw unprocessable('AMOUNT_MISMATCH', `${base}/amount/value`, String(amountRaw.value));
    }
  }
}

/** Validates a create-order body; answers the purchase units to keep (reference_id defaulted). */
function validateOrder(body: unknown): Record<string, unknown>[] {
  if (!isObject(body)) throw invalid('MALFORMED_REQUEST_JSON');
  if (body.intent === undefined) throw invalid('MISSING_REQUIRED_PARAMETER', '/intent');
  // The stand-in only implements intent CAPTURE (AUTHORIZE is valid at PayPal but unused here).
  if (body.intent !== 'CAPTURE') {
    throw invalid('INVALID_PARAMETER_VALUE', '/intent', String(body.intent));
  }
  const units = body.purchase_units;
  if (units === undefined) throw invalid('MISSING_REQUIRED_PARAMETER', '/purchase_units');
  if (!Array.isArray(units)) throw invalid('INVALID_PARAMETER_SYNTAX', '/purchase_units');
  if (units.length === 0) throw invalid('MISSING_REQUIRED_PARAMETER', '/purchase_units');
  if (units.length > 10) throw invalid('INVALID_ARRAY_MAX_ITEMS', '/purchase_units');
  const seen = new Set<string>();
  return units.map((unit: unknown, index) => {
    if (!isObject(unit)) throw invalid('INVALID_PARAMETER_SYNTAX', `/purchase_units/${index}`);
    if (units.length > 1 && unit.reference_id === undefined) {
      throw unprocessable('REFERENCE_ID_REQUIRED', `/purchase_units/${index}/reference_id`);
    }
    const referenceId = typeof unit.reference_id === 'string' ? unit.reference_id : 'default';
    validateUnit(unit, referenceId);
    if (seen.has(referenceId)) {
      throw unprocessable('DUPLICATE_REFERENCE_ID', `/purchase_units/${index}/reference_id`);
    }
    seen.add(referenceId);
    return { ...structuredClone(unit), reference_id: referenceId };
  });
}

/**
 * The raw text of the value of the top-level member `key` of the JSON object `text`, exactly as
 * written (how PayPal reads the event it signed); undefined when there is none.
 */
function rawMember(text: string, key: string): string | undefined {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i++;
  };
  const skipString = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const skipValue = () => {
    space();
    const first = text[i];
    if (first === '"') {
      skipString();
      return;
    }
    if (first === '{' || first === '[') {
      let depth = 0;
      while (i < text.length) {
        const ch = text[i];
        if (ch === '"') {
          skipString();
          continue;
        }
        if (ch === '{' || ch === '[') depth++;
        else if (ch === '}' || ch === ']') {
          depth--;
          if (depth === 0) {
            i++;
            return;
          }
        }
        i++;
      }
      return;
    }
    while (i < text.length && !',}] \t\n\r'.includes(text[i] ?? '')) i++;
  };
  space();
  if (text[i] !== '{') return undefined;
  i++;
  while (i < text.length) {
    space();
    if (text[i] !== '"') return undefined;
    const nameStart = i;
    skipString();
    const name = JSON.parse(text.slice(nameStart, i)) as string;
    space();
    i++; // the colon
    space();
    const valueStart = i;
    skipValue();
    if (name === key) return text.slice(valueStart, i);
    space();
    if (text[i] === ',') i++;
  }
  return undefined;
}

/** A plausible PayPal fee (3.49% + 0.49) for the seller_receivable_breakdown. */
function feeOf(amount: Money): { fee: Money; net: Money } {
  const { currency_code: currency } = amount;
  const gross = parseMoney(amount, '/amount').minor;
  const fixed = decimalsOf(currency) === 2 ? 49n : 0n;
  let fee = (gross * 349n + 5000n) / 10000n + fixed;
  if (fee > gross) fee = gross;
  return {
    fee: { currency_code: currency, value: formatMinor(fee, currency) },
    net: { currency_code: currency, value: formatMinor(gross - fee, currency) },
  };
}

// --- The stand-in ------------------------------------------------------------------------------------

export async function startPaypalStandin(): Promise<PaypalStandin> {
  const clientId = `standin-client-${randomBytes(6).toString('hex')}`;
  const clientSecret = `standin-secret-${randomBytes(12).toString('hex')}`;
  const webhookId = paypalId();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const requests: PaypalStandin['requests'] = [];
  const tokens = new Set<string>();
  /** Tokens PayPal no longer accepts (expireTokens). */
  const expired = new Set<string>();
  /** Orders whose last capture was declined (INSTRUMENT_DECLINED): approving again restarts. */
  const declined = new Set<string>();
  const refunds = new Map<string, StoredRefund & { captureId: string }>();
  /** Refunds by `<path>|<PayPal-Request-Id>`: a repeat answers the refund with its latest status. */
  const refundKeys = new Map<string, string>();
  /** What new refunds answer, by capture id ('*': every capture). */
  const refundOutcomes = new Map<string, RefundOutcome>();
  const orders = new Map<string, StoredOrder>();
  const captures = new Map<string, StoredCapture>();
  const outcomes = new Map<string, 'COMPLETED' | 'PENDING' | 'DECLINED'>();
  const capturedAmounts = new Map<string, Money>();
  /**
   * Responses by `<path>|<PayPal-Request-Id>`: a success is replayed with 200 OK, a declined
   * capture with its 422 again.
   */
  const idempotent = new Map<string, { status: number; body: unknown }>();

  let baseUrl = '';
  const certUrl = () => `${baseUrl}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`;

  const captureJson = (capture: StoredCapture): Record<string, unknown> => {
    const json: Record<string, unknown> = { id: capture.id, status: capture.status };
    if (capture.status === 'PENDING') json.status_details = { reason: capture.reason };
    json.amount = { ...capture.amount };
    json.final_capture = true;
    json.seller_protection = {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    };
    if (capture.status !== 'PENDING') {
      const { fee, net } = feeOf(capture.amount);
      json.seller_receivable_breakdown = {
        gross_amount: { ...capture.amount },
        paypal_fee: fee,
        net_amount: net,
      };
    }
    if (capture.invoiceId !== undefined) json.invoice_id = capture.invoiceId;
    if (capture.customId !== undefined) json.custom_id = capture.customId;
    json.links = [
      { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      {
        href: `${baseUrl}/v2/payments/captures/${capture.id}/refund`,
        rel: 'refund',
        method: 'POST',
      },
      { href: `${baseUrl}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
    ];
    json.create_time = capture.createTime;
    json.update_time = capture.updateTime;
    return json;
  };

  const orderLinks = (order: StoredOrder) => {
    const self = `${baseUrl}/v2/checkout/orders/${order.id}`;
    const links = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED') {
      links.push({
        href: `${baseUrl}/checkoutnow?token=${order.id}`,
        rel: 'approve',
        method: 'GET',
      });
    }
    if (order.status !== 'COMPLETED') {
      links.push({ href: self, rel: 'update', method: 'PATCH' });
      links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
    }
    return links;
  };

  const paymentSource = () => ({
    paypal: {
      email_address: PAYER.email_address,
      account_id: PAYER.payer_id,
      account_status: 'VERIFIED',
      name: { ...PAYER.name },
      address: { ...PAYER.address },
    },
  });

  /** The full order (`Prefer: return=representation`, and GET). */
  const orderJson = (order: StoredOrder): Record<string, unknown> => {
    const json: Record<string, unknown> = { id: order.id, intent: 'CAPTURE', status: order.status };
    if (order.status !== 'CREATED') json.payment_source = paymentSource();
    json.purchase_units = order.units.map((unit, index) => {
      const out: Record<string, unknown> = {
        reference_id: unit.reference_id,
        amount: structuredClone(unit.amount),
        payee: { ...PAYEE },
      };
      for (const key of ['description', 'custom_id', 'invoice_id', 'soft_descriptor', 'items']) {
        if (unit[key] !== undefined) out[key] = structuredClone(unit[key]);
      }
      const capture = order.captures[index];
      if (capture) out.payments = { captures: [captureJson(capture)] };
      return out;
    });
    if (order.status !== 'CREATED') json.payer = structuredClone(PAYER);
    json.create_time = order.createTime;
    if (order.updateTime !== order.createTime) json.update_time = order.updateTime;
    json.links = orderLinks(order);
    return json;
  };

  const wantsRepresentation = (req: ReceivedRequest) =>
    (req.headers.prefer ?? '').includes('return=representation');

  const requireBearer = (req: ReceivedRequest): void => {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    if (expired.has(token)) {
      throw new PaypalError(401, {
        error: 'invalid_token',
        error_description: 'Access Token not found in cache',
      });
    }
    if (!tokens.has(token)) {
      throw new PaypalError(401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [
          {
            href: 'https://developer.paypal.com/docs/api/overview/#error',
            rel: 'information_link',
          },
        ],
      });
    }
  };

  const requireJson = (req: ReceivedRequest, bodyRequired: boolean): void => {
    if (!bodyRequired && req.rawBody === '') return;
    if (!(req.headers['content-type'] ?? '').includes('application/json')) {
      throw ordersError(415, 'UNSUPPORTED_MEDIA_TYPE', [detail('UNSUPPORTED_MEDIA_TYPE')]);
    }
    if (bodyRequired && !isObject(req.body)) throw invalid('MALFORMED_REQUEST_JSON');
  };

  const findOrder = (id: string): StoredOrder => {
    const order = orders.get(id);
    if (!order) {
      throw ordersError(404, 'RESOURCE_NOT_FOUND', [
        detail('INVALID_RESOURCE_ID', 'order_id', id, 'path'),
      ]);
    }
    return order;
  };

  /** Runs `produce` unless this PayPal-Request-Id already succeeded here (then 200 with the stored body). */
  const idempotently = (
    req: ReceivedRequest,
    res: ServerResponse,
    produce: () => { status: number; body: unknown },
  ): void => {
    const requestId = req.headers['paypal-request-id'];
    const key = requestId ? `${new URL(req.path, 'http://x').pathname}|${requestId}` : undefined;
    const stored = key === undefined ? undefined : idempotent.get(key);
    if (stored) {
      sendJson(res, stored.status < 300 ? 200 : stored.status, stored.body);
      return;
    }
    let answer: { status: number; body: unknown };
    try {
      answer = produce();
    } catch (error) {
      const declinedNow =
        error instanceof PaypalError &&
        (error.body.details as Detail[] | undefined)?.some(
          (d) => d.issue === 'INSTRUMENT_DECLINED',
        );
      if (key !== undefined && declinedNow) {
        idempotent.set(key, { status: error.status, body: error.body });
      }
      throw error;
    }
    if (key !== undefined) idempotent.set(key, answer);
    sendJson(res, answer.status, answer.body);
  };

  // POST /v1/oauth2/token
  const token = (req: ReceivedRequest, res: ServerResponse): void => {
    const auth = req.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (auth !== expected) {
      sendJson(res, 401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
      return;
    }
    const grant = isObject(req.body) ? req.body.grant_type : undefined;
    if (
      !(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded') ||
      !grant
    ) {
      sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Grant Type is NULL',
      });
      return;
    }
    if (grant !== 'client_credentials') {
      sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'unsupported grant_type',
      });
      return;
    }
    const accessToken = `A21AA${randomBytes(40).toString('base64url')}`;
    tokens.add(accessToken);
    sendJson(res, 200, {
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders/client_sdk_orders_api https://uri.paypal.com/services/applications/webhooks',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: `${now()}${randomBytes(16).toString('base64url')}`,
    });
  };

  // POST /v2/checkout/orders
  const createOrder = (req: ReceivedRequest, res: ServerResponse): void => {
    requireBearer(req);
    requireJson(req, true);
    idempotently(req, res, () => {
      const units = validateOrder(req.body);
      const time = now();
      const order: StoredOrder = {
        id: paypalId(),
        status: 'CREATED',
        units,
        captures: [],
        createTime: time,
        updateTime: time,
      };
      orders.set(order.id, order);
      const body = wantsRepresentation(req)
        ? orderJson(order)
        : { id: order.id, status: order.status, links: orderLinks(order) };
      return { status: 201, body };
    });
  };

  // POST /v2/checkout/orders/{id}/capture
  const captureOrder = (req: ReceivedRequest, res: ServerResponse, id: string): void => {
    requireBearer(req);
    requireJson(req, false);
    idempotently(req, res, () => {
      const order = findOrder(id);
      if (order.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED');
      if (order.status === 'CREATED') throw unprocessable('ORDER_NOT_APPROVED');
      const outcome = outcomes.get(id) ?? 'COMPLETED';
      if (outcome === 'DECLINED') {
        declined.add(id);
        // The buyer has to choose another funding source: PayPal adds a `redirect` link back to checkout.
        throw ordersError(
          422,
          'UNPROCESSABLE_ENTITY',
          [detail('INSTRUMENT_DECLINED')],
          [{ href: `${baseUrl}/checkoutnow?token=${id}`, rel: 'redirect', method: 'GET' }],
        );
      }
      const time = now();
      order.captures = order.units.map((unit, index) => {
        const ordered = unit.amount as Money;
        const override = index === 0 ? capturedAmounts.get(id) : undefined;
        const capture: StoredCapture = {
          id: paypalId(),
          orderId: id,
          status: outcome,
          amount: override
            ? { ...override }
            : { currency_code: ordered.currency_code, value: ordered.value },
          refunds: [],
          createTime: time,
          updateTime: time,
        };
        if (outcome === 'PENDING') capture.reason = 'PENDING_REVIEW';
        if (typeof unit.custom_id === 'string') capture.customId = unit.custom_id;
        if (typeof unit.invoice_id === 'string') capture.invoiceId = unit.invoice_id;
        captures.set(capture.id, capture);
        return capture;
      });
      order.status = 'COMPLETED';
      order.updateTime = time;
      if (wantsRepresentation(req)) return { status: 201, body: orderJson(order) };
      return {
        status: 201,
        body: {
          id: order.id,
          status: order.status,
          payment_source: paymentSource(),
          purchase_units: order.units.map((unit, index) => ({
            reference_id: unit.reference_id,
            payments: {
              captures: order.captures[index] ? [captureJson(order.captures[index])] : [],
            },
          })),
          payer: structuredClone(PAYER),
          links: orderLinks(order),
        },
      };
    });
  };

  // POST /v1/notifications/verify-webhook-signature
  const verifyWebhook = (req: ReceivedRequest, res: ServerResponse): void => {
    requireBearer(req);
    requireJson(req, true);
    const body = req.body as Record<string, unknown>;
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ] as const;
    const missing = [...fields, 'webhook_event'].filter((f) =>
      f === 'webhook_event' ? !isObject(body[f]) : typeof body[f] !== 'string' || body[f] === '',
    );
    if (missing.length > 0) {
      sendJson(res, 400, {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        debug_id: debugId(),
        information_link:
          'https://developer.paypal.com/docs/api/webhooks/v1/#error-VALIDATION_ERROR',
        details: missing.map((field) => ({
          field,
          location: 'body',
          issue: 'MISSING_REQUIRED_PARAMETER',
          description: DESCRIPTIONS.MISSING_REQUIRED_PARAMETER,
        })),
        links: [],
      });
      return;
    }
    const [algo, cert, transmissionId, signature, transmissionTime, hookId] = fields.map((f) =>
      String(body[f]),
    );
    // The event as the caller sent it, not a re-serialised copy.
    const rawEvent = rawMember(req.rawBody, 'webhook_event') ?? '';
    const message = `${transmissionId}|${transmissionTime}|${hookId}|${crc32(rawEvent)}`;
    let ok = false;
    if (hookId === webhookId && algo === AUTH_ALGO && cert === certUrl()) {
      try {
        ok = verify(
          'sha256',
          Buffer.from(message),
          publicKey,
          Buffer.from(signature ?? '', 'base64'),
        );
      } catch {
        ok = false;
      }
    }
    sendJson(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  };

  const approve = (orderId: string): void => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`paypal stand-in: unknown order ${orderId}`);
    if (order.status === 'CREATED') {
      order.status = 'APPROVED';
      order.updateTime = now();
    } else if (order.status === 'APPROVED' && declined.has(orderId)) {
      // The restart: approved again with another funding source, which PayPal accepts.
      declined.delete(orderId);
      outcomes.delete(orderId);
      order.updateTime = now();
    }
  };

  /** Refunds that hold money: completed or still pending (a failed or cancelled one gave none). */
  const live = (capture: StoredCapture) =>
    capture.refunds.filter((r) => r.status === 'COMPLETED' || r.status === 'PENDING');
  const minorOf = (money: Money) => parseMoney(money, '/amount').minor;

  /** The `refund` definition (Payments v2): its status, amount, ids, note and links. */
  const refundJson = (refund: StoredRefund & { captureId: string }): Record<string, unknown> => {
    const capture = captures.get(refund.captureId);
    const json: Record<string, unknown> = { id: refund.id, amount: { ...refund.amount } };
    json.status = refund.status;
    if (refund.status === 'PENDING' || refund.status === 'FAILED') {
      json.status_details = { reason: 'ECHECK' };
    }
    if (refund.invoiceId !== undefined) json.invoice_id = refund.invoiceId;
    if (refund.customId !== undefined) json.custom_id = refund.customId;
    if (refund.noteToPayer !== undefined) json.note_to_payer = refund.noteToPayer;
    // Like a pending capture's, the breakdown is there once the money moved.
    if (refund.status === 'COMPLETED' && capture) {
      const currency = refund.amount.currency_code;
      const total = capture.refunds
        .filter((r) => r.status === 'COMPLETED')
        .reduce((sum, r) => sum + minorOf(r.amount), 0n);
      const { fee, net } = feeOf(refund.amount);
      json.seller_payable_breakdown = {
        gross_amount: { ...refund.amount },
        paypal_fee: fee,
        net_amount: net,
        total_refunded_amount: { currency_code: currency, value: formatMinor(total, currency) },
      };
    }
    json.create_time = refund.createTime;
    json.update_time = refund.updateTime;
    json.links = [
      { href: `${baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${baseUrl}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ];
    return json;
  };

  /** The capture's status from its completed refunds: PARTIALLY_REFUNDED, then REFUNDED. */
  const settleCapture = (capture: StoredCapture, time: string) => {
    const gross = minorOf(capture.amount);
    const done = capture.refunds
      .filter((r) => r.status === 'COMPLETED')
      .reduce((sum, r) => sum + minorOf(r.amount), 0n);
    if (done > 0n) capture.status = done >= gross ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updateTime = time;
  };

  /**
   * `POST /v2/payments/captures/{id}/refund` (Payments v2): `amount` (else what is left),
   * `custom_id` and `invoice_id` (127 characters), `note_to_payer` (255); never more than the
   * capture less its completed and pending refunds (422 REFUND_AMOUNT_EXCEEDED, or
   * CAPTURE_FULLY_REFUNDED when nothing is left); the currency of the capture
   * (REFUND_CAPTURE_CURRENCY_MISMATCH). Answers the refund resource.
   */
  const refundCapture = (captureId: string, body: unknown): Record<string, unknown> => {
    const capture = captures.get(captureId);
    if (!capture) {
      throw ordersError(404, 'RESOURCE_NOT_FOUND', [
        detail('INVALID_RESOURCE_ID', 'capture_id', captureId, 'path'),
      ]);
    }
    if (body !== undefined && !isObject(body)) throw invalid('MALFORMED_REQUEST_JSON');
    const request = body ?? {};
    for (const [key, max] of [
      ['custom_id', 127],
      ['invoice_id', 127],
      ['note_to_payer', 255],
    ] as const) {
      const value = request[key];
      if (value === undefined) continue;
      if (typeof value !== 'string') throw invalid('INVALID_PARAMETER_SYNTAX', `/${key}`);
      if (value.length > max) throw invalid('INVALID_STRING_MAX_LENGTH', `/${key}`, value);
    }
    const currency = capture.amount.currency_code;
    const gross = minorOf(capture.amount);
    const before = live(capture).reduce((sum, r) => sum + minorOf(r.amount), 0n);
    let minor = gross - before;
    if (request.amount !== undefined) {
      const asked = parseMoney(request.amount, '/amount', { positive: true });
      if (asked.currency !== currency) {
        throw unprocessable(
          'REFUND_CAPTURE_CURRENCY_MISMATCH',
          '/amount/currency_code',
          asked.currency,
        );
      }
      minor = asked.minor;
    }
    if (before >= gross) throw unprocessable('CAPTURE_FULLY_REFUNDED');
    if (minor <= 0n || before + minor > gross) {
      throw unprocessable('REFUND_AMOUNT_EXCEEDED', '/amount/value', formatMinor(minor, currency));
    }
    const time = now();
    const refund: StoredRefund & { captureId: string } = {
      id: paypalId(),
      captureId,
      amount: { currency_code: currency, value: formatMinor(minor, currency) },
      status: refundOutcomes.get(captureId) ?? refundOutcomes.get('*') ?? 'COMPLETED',
      createTime: time,
      updateTime: time,
    };
    if (typeof request.custom_id === 'string') refund.customId = request.custom_id;
    if (typeof request.invoice_id === 'string') refund.invoiceId = request.invoice_id;
    else if (capture.invoiceId !== undefined) refund.invoiceId = capture.invoiceId;
    if (typeof request.note_to_payer === 'string') refund.noteToPayer = request.note_to_payer;
    capture.refunds.push(refund);
    refunds.set(refund.id, refund);
    settleCapture(capture, time);
    return refundJson(refund);
  };

  const handle = (req: ReceivedRequest, res: ServerResponse): void => {
    const url = new URL(req.path, 'http://x');
    const path = url.pathname;
    const route = (method: string, run: () => void): void => {
      if (req.method !== method) {
        throw new PaypalError(405, {
          name: 'METHOD_NOT_SUPPORTED',
          message: MESSAGES.METHOD_NOT_SUPPORTED,
          debug_id: debugId(),
        });
      }
      run();
    };
    try {
      if (path === '/v1/oauth2/token') {
        route('POST', () => token(req, res));
        return;
      }
      if (path === '/v2/checkout/orders') {
        route('POST', () => createOrder(req, res));
        return;
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
      if (capture) {
        route('POST', () => captureOrder(req, res, capture[1] ?? ''));
        return;
      }
      const order = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
      if (order) {
        route('GET', () => {
          requireBearer(req);
          sendJson(res, 200, orderJson(findOrder(order[1] ?? '')));
        });
        return;
      }
      const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
      if (refundPath) {
        route('POST', () => {
          requireBearer(req);
          requireJson(req, false);
          // The same PayPal-Request-Id answers the refund it made, with its latest status
          // (reference/guidelines/idempotency), 200 instead of 201; keys are kept 45 days.
          const requestId = req.headers['paypal-request-id'];
          const key = requestId ? `${path}|${requestId}` : undefined;
          const made = key === undefined ? undefined : refundKeys.get(key);
          const known = made === undefined ? undefined : refunds.get(made);
          if (known) {
            sendJson(res, 200, refundJson(known));
            return;
          }
          const json = refundCapture(refundPath[1] ?? '', req.body);
          if (key !== undefined) refundKeys.set(key, String(json.id));
          sendJson(res, 201, json);
        });
        return;
      }
      const showRefund = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
      if (showRefund) {
        route('GET', () => {
          requireBearer(req);
          const found = refunds.get(showRefund[1] ?? '');
          if (!found) {
            throw ordersError(404, 'RESOURCE_NOT_FOUND', [
              detail('INVALID_RESOURCE_ID', 'refund_id', showRefund[1], 'path'),
            ]);
          }
          sendJson(res, 200, refundJson(found));
        });
        return;
      }
      const showCapture = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
      if (showCapture) {
        route('GET', () => {
          requireBearer(req);
          const found = captures.get(showCapture[1] ?? '');
          if (!found) {
            throw ordersError(404, 'RESOURCE_NOT_FOUND', [
              detail('INVALID_RESOURCE_ID', 'capture_id', showCapture[1], 'path'),
            ]);
          }
          sendJson(res, 200, {
            ...captureJson(found),
            supplementary_data: { related_ids: { order_id: found.orderId } },
          });
        });
        return;
      }
      if (path === '/v1/notifications/verify-webhook-signature') {
        route('POST', () => verifyWebhook(req, res));
        return;
      }
      // The buyer-facing approval page the `approve` link points at: visiting it approves the order.
      if (path === '/checkoutnow') {
        route('GET', () => {
          const id = url.searchParams.get('token') ?? '';
          if (!orders.has(id))
            throw ordersError(404, 'RESOURCE_NOT_FOUND', [
              detail('INVALID_RESOURCE_ID', 'token', id, 'query'),
            ]);
          approve(id);
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<!doctype html><title>PayPal stand-in</title><p>Order approved.</p>');
        });
        return;
      }
      throw new PaypalError(404, {
        name: 'RESOURCE_NOT_FOUND',
        message: MESSAGES.RESOURCE_NOT_FOUND,
        debug_id: debugId(),
      });
    } catch (error) {
      if (error instanceof PaypalError) sendJson(res, error.status, error.body);
      else throw error;
    }
  };

  const server = await listen(handle, (req) => {
    requests.push({
      method: req.method,
      path: req.path,
      headers: req.headers,
      body: req.body,
      rawBody: req.rawBody,
    });
  });
  baseUrl = server.baseUrl;

  const existing = (orderId: string): StoredOrder => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`paypal stand-in: unknown order ${orderId}`);
    return order;
  };

  const summaryOf = (eventType: string, resource: Record<string, unknown>): string => {
    const amount = isObject(resource.amount) ? resource.amount : undefined;
    const currency = String(amount?.currency_code ?? '');
    const symbol = currency === 'USD' ? '$' : currency === 'EUR' ? '€' : currency;
    const money = amount ? `${symbol} ${String(amount.value)} ${currency}` : '';
    switch (eventType) {
      case 'PAYMENT.CAPTURE.COMPLETED':
        return `Payment completed for ${money}`;
      case 'PAYMENT.CAPTURE.PENDING':
        return `Payment pending for ${money}`;
      case 'PAYMENT.CAPTURE.DENIED':
        return `Payment denied for ${money}`;
      case 'PAYMENT.CAPTURE.REFUNDED':
        return `A ${money} capture payment was refunded`;
      case 'PAYMENT.CAPTURE.REVERSED':
        return `A ${money} capture payment was reversed`;
      case 'CHECKOUT.ORDER.APPROVED':
        return 'An order has been approved by buyer';
      case 'CHECKOUT.ORDER.COMPLETED':
        return 'Checkout Order Completed';
      default:
        return eventType;
    }
  };

  const resourceTypeOf = (eventType: string): string => {
    // Refund and reversal events carry the refund as their resource (resource_type "refund").
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED') {
      return 'refund';
    }
    if (eventType.startsWith('PAYMENT.CAPTURE.')) return 'capture';
    if (eventType.startsWith('CHECKOUT.ORDER.')) return 'checkout-order';
    return (eventType.split('.')[1] ?? eventType).toLowerCase();
  };

  return {
    baseUrl,
    clientId,
    clientSecret,
    webhookId,
    requests,
    approve,
    fault(match, fault, times) {
      const failure: Fault =
        fault === 'hang' || fault === 'lose-answer'
          ? { kind: fault }
          : {
              kind: 'status',
              status: fault,
              body: {
                name: fault === 500 ? 'INTERNAL_SERVER_ERROR' : 'SERVICE_UNAVAILABLE',
                message:
                  fault === 500 ? 'An internal server error occurred.' : 'Service Unavailable.',
                debug_id: debugId(),
                links: [
                  {
                    href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${fault === 500 ? 'INTERNAL_SERVER_ERROR' : 'SERVICE_UNAVAILABLE'}`,
                    rel: 'information_link',
                  },
                ],
              },
            };
      server.fault(match, failure, times);
    },
    clearFaults: server.clearFaults,
    stop: server.stop,
    start: server.start,
    expireTokens() {
      for (const token of tokens) expired.add(token);
    },
    refund: (captureId, value) =>
      refundCapture(
        captureId,
        value === undefined
          ? {}
          : {
              amount: {
                currency_code: captures.get(captureId)?.amount.currency_code ?? 'USD',
                value,
              },
            },
      ),
    setRefundOutcome(outcome, captureId) {
      refundOutcomes.set(captureId ?? '*', outcome);
    },
    completeRefund(refundId, status = 'COMPLETED') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`paypal stand-in: unknown refund ${refundId}`);
      if (refund.status === 'PENDING') {
        refund.status = status;
        refund.updateTime = now();
        const capture = captures.get(refund.captureId);
        if (capture && status === 'COMPLETED') settleCapture(capture, refund.updateTime);
      }
      return refundJson(refund);
    },
    refundRequests() {
      return requests.flatMap((r) => {
        const match = /^\/v2\/payments\/captures\/([^/?]+)\/refund$/.exec(r.path);
        return r.method === 'POST' && match
          ? [{ captureId: match[1] ?? '', requestId: r.headers['paypal-request-id'], body: r.body }]
          : [];
      });
    },
    setCaptureOutcome(orderId, outcome) {
      existing(orderId);
      outcomes.set(orderId, outcome);
    },
    setCapturedAmount(orderId, value, currency) {
      const order = existing(orderId);
      const ordered = order.units[0]?.amount as Money | undefined;
      capturedAmounts.set(orderId, {
        currency_code: currency ?? ordered?.currency_code ?? 'USD',
        value,
      });
    },
    completeCapture(captureId) {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`paypal stand-in: unknown capture ${captureId}`);
      capture.status = 'COMPLETED';
      delete capture.reason;
      capture.updateTime = now();
      const order = orders.get(capture.orderId);
      if (order) order.updateTime = capture.updateTime;
    },
    webhookEvent(eventType, resource) {
      const id = `WH-${paypalId()}-${paypalId()}`;
      return {
        id,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceTypeOf(eventType),
        resource_version: '2.0',
        event_type: eventType,
        summary: summaryOf(eventType, resource),
        resource: structuredClone(resource),
        links: [
          { href: `${baseUrl}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
          {
            href: `${baseUrl}/v1/notifications/webhooks-events/${id}/resend`,
            rel: 'resend',
            method: 'POST',
          },
        ],
      };
    },
    signedHeaders(event) {
      const transmissionId = randomUUID();
      const transmissionTime = now();
      const body = typeof event === 'string' ? event : JSON.stringify(event);
      const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
      return {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': sign('sha256', Buffer.from(message), privateKey).toString(
          'base64',
        ),
        'paypal-cert-url': certUrl(),
        'paypal-auth-algo': AUTH_ALGO,
      };
    },
    close: server.close,
  };
}
