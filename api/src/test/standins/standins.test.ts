import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlephiumStandin, startAlephiumStandin } from './alephium.ts';
import { type PaypalStandin, startPaypalStandin } from './paypal.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions probe the JSON answers freely.
type Json = Record<string, any>;

async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {}, headers: res.headers };
}

describe('PayPal stand-in', () => {
  let paypal: PaypalStandin;
  let token: string;

  const api = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, headers, ...rest } = init;
    return call(`${paypal.baseUrl}${path}`, {
      ...rest,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(headers as Record<string, string> | undefined),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  };

  const orderBody = (overrides: Json = {}) => ({
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'course-42',
        custom_id: 'enrolment-7',
        description: 'Intro to pottery',
        amount: {
          currency_code: 'EUR',
          value: '24.20',
          breakdown: {
            item_total: { currency_code: 'EUR', value: '20.00' },
            tax_total: { currency_code: 'EUR', value: '4.20' },
          },
        },
        items: [
          {
            name: 'Pottery seat',
            quantity: '2',
            unit_amount: { currency_code: 'EUR', value: '10.00' },
            tax: { currency_code: 'EUR', value: '2.10' },
          },
        ],
        ...overrides,
      },
    ],
  });

  const createOrder = async (overrides: Json = {}) => {
    const res = await api('/v2/checkout/orders', { method: 'POST', json: orderBody(overrides) });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    paypal = await startPaypalStandin();
    const res = await call(`${paypal.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    token = res.body.access_token;
  });
  afterAll(() => paypal.close());

  it('issues an OAuth2 token for the client credentials only', async () => {
    expect(token).toMatch(/^A21AA/);
    const tokenRequest = paypal.requests.find((r) => r.path === '/v1/oauth2/token');
    expect(tokenRequest?.body).toEqual({ grant_type: 'client_credentials' });

    const wrong = await call(`${paypal.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${paypal.clientId}:nope`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: 'invalid_client',
      error_description: expect.any(String),
    });

    const anonymous = await call(`${paypal.baseUrl}/v2/checkout/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(orderBody()),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.name).toBe('AUTHENTICATION_FAILURE');
  });

  it('creates an order with an approve link and keeps what was ordered', async () => {
    const res = await api('/v2/checkout/orders', { method: 'POST', json: orderBody() });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('CREATED');
    expect(res.body.id).toMatch(/^[A-Z0-9]{17}$/);
    const approve = res.body.links.find((l: Json) => l.rel === 'approve');
    expect(approve).toMatchObject({ method: 'GET' });
    expect(approve.href).toContain(res.body.id);

    const shown = await api(`/v2/checkout/orders/${res.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: res.body.id, intent: 'CAPTURE', status: 'CREATED' });
    expect(shown.body.purchase_units[0]).toMatchObject({
      reference_id: 'course-42',
      custom_id: 'enrolment-7',
      description: 'Intro to pottery',
      amount: { currency_code: 'EUR', value: '24.20' },
    });
    expect(shown.body.purchase_units[0].payments).toBeUndefined();

    const logged = paypal.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v2/checkout/orders',
    );
    expect(logged?.headers.authorization).toBe(`Bearer ${token}`);
    expect(logged?.body).toMatchObject({ intent: 'CAPTURE' });
  });

  it('rejects amounts that do not add up, with the documented error shape', async () => {
    const mismatch = await api('/v2/checkout/orders', {
      method: 'POST',
      json: orderBody({
        amount: {
          currency_code: 'EUR',
          value: '25.00',
          breakdown: {
            item_total: { currency_code: 'EUR', value: '20.00' },
            tax_total: { currency_code: 'EUR', value: '4.20' },
          },
        },
      }),
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      message: expect.any(String),
      debug_id: expect.any(String),
      details: [{ issue: 'AMOUNT_MISMATCH', description: expect.any(String), location: 'body' }],
    });

    const items = await api('/v2/checkout/orders', {
      method: 'POST',
      json: orderBody({
        items: [
          { name: 'Seat', quantity: '3', unit_amount: { currency_code: 'EUR', value: '10.00' } },
        ],
      }),
    });
    expect(items.status).toBe(422);
    expect(items.body.details[0].issue).toBe('ITEM_TOTAL_MISMATCH');

    const noIntent = await api('/v2/checkout/orders', {
      method: 'POST',
      json: { purchase_units: orderBody().purchase_units },
    });
    expect(noIntent.status).toBe(400);
    expect(noIntent.body).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ issue: 'MISSING_REQUIRED_PARAMETER', field: '/intent' }],
    });
  });

  it('refuses to capture before approval, then captures once with custom_id', async () => {
    const id = await createOrder();
    const early = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_NOT_APPROVED' }],
      debug_id: expect.any(String),
      links: [{ rel: 'information_link' }],
    });

    paypal.approve(id);
    expect((await api(`/v2/checkout/orders/${id}`)).body.status).toBe('APPROVED');

    const captured = await api(`/v2/checkout/orders/${id}/capture`, {
      method: 'POST',
      json: {},
      headers: { 'paypal-request-id': `capture-${id}` },
    });
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe('COMPLETED');
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '24.20' },
      custom_id: 'enrolment-7',
      final_capture: true,
      seller_receivable_breakdown: { gross_amount: { currency_code: 'EUR', value: '24.20' } },
    });
    expect(capture.id).toMatch(/^[A-Z0-9]{17}$/);

    // Same PayPal-Request-Id: the stored result again (200 OK), no second capture.
    const again = await api(`/v2/checkout/orders/${id}/capture`, {
      method: 'POST',
      json: {},
      headers: { 'paypal-request-id': `capture-${id}` },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(captured.body);

    // A new request id is a second capture attempt, which PayPal refuses.
    const twice = await api(`/v2/checkout/orders/${id}/capture`, {
      method: 'POST',
      json: {},
      headers: { 'paypal-request-id': `other-${id}` },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');

    const shown = await api(`/v2/checkout/orders/${id}`);
    expect(shown.body.status).toBe('COMPLETED');
    expect(shown.body.purchase_units[0].payments.captures).toHaveLength(1);
    expect(shown.body.purchase_units[0].payments.captures[0].id).toBe(capture.id);
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown order', async () => {
    const res = await api('/v2/checkout/orders/NOSUCHORDER1234/capture', {
      method: 'POST',
      json: {},
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [{ issue: 'INVALID_RESOURCE_ID', location: 'path', value: 'NOSUCHORDER1234' }],
    });
    expect((await api('/v1/nothing-here')).status).toBe(404);
  });

  it('reports a pending capture until completeCapture', async () => {
    const id = await createOrder();
    paypal.approve(id);
    paypal.setCaptureOutcome(id, 'PENDING');
    const res = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('COMPLETED');
    const capture = res.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({
      status: 'PENDING',
      status_details: { reason: 'PENDING_REVIEW' },
    });
    expect(capture.seller_receivable_breakdown).toBeUndefined();

    paypal.completeCapture(capture.id);
    const shown = await api(`/v2/checkout/orders/${id}`);
    const now = shown.body.purchase_units[0].payments.captures[0];
    expect(now.status).toBe('COMPLETED');
    expect(now.status_details).toBeUndefined();
    const direct = await api(`/v2/payments/captures/${capture.id}`);
    expect(direct.body).toMatchObject({
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: id } },
    });
  });

  it('declines with INSTRUMENT_DECLINED and leaves the order capturable', async () => {
    const id = await createOrder();
    paypal.approve(id);
    paypal.setCaptureOutcome(id, 'DECLINED');
    const res = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      message: expect.any(String),
      debug_id: expect.any(String),
      details: [{ issue: 'INSTRUMENT_DECLINED', description: expect.any(String) }],
    });
    expect(res.body.links.map((l: Json) => l.rel)).toEqual(['information_link', 'redirect']);
    expect((await api(`/v2/checkout/orders/${id}`)).body.status).toBe('APPROVED');

    paypal.setCaptureOutcome(id, 'COMPLETED');
    const retry = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    expect(retry.status).toBe(201);
  });

  it('replays a declined capture for the same PayPal-Request-Id; approving again restarts it', async () => {
    const id = await createOrder();
    paypal.approve(id);
    paypal.setCaptureOutcome(id, 'DECLINED');
    const capture = (key: string) =>
      api(`/v2/checkout/orders/${id}/capture`, {
        method: 'POST',
        json: {},
        headers: { 'paypal-request-id': key },
      });
    expect((await capture('first')).status).toBe(422);
    // The buyer picks another funding source and approves the same order again.
    paypal.approve(id);
    const again = await capture('first');
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('INSTRUMENT_DECLINED');
    const next = await capture('second');
    expect(next.status).toBe(201);
    expect(next.body.purchase_units[0].payments.captures[0].status).toBe('COMPLETED');
  });

  it('refuses a token it no longer accepts with 401 invalid_token', async () => {
    const id = await createOrder();
    paypal.expireTokens();
    const res = await api(`/v2/checkout/orders/${id}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'invalid_token', error_description: expect.any(String) });
    const fresh = await call(`${paypal.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = fresh.body.access_token;
    expect((await api(`/v2/checkout/orders/${id}`)).status).toBe(200);
  });

  it('refunds a capture in parts: PARTIALLY_REFUNDED, then REFUNDED with total_refunded_amount', async () => {
    const id = await createOrder();
    paypal.approve(id);
    const captured = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
    const part = await api(`/v2/payments/captures/${captureId}/refund`, {
      method: 'POST',
      json: { amount: { currency_code: 'EUR', value: '20.00' } },
    });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '20.00' },
      seller_payable_breakdown: {
        gross_amount: { value: '20.00' },
        total_refunded_amount: { currency_code: 'EUR', value: '20.00' },
      },
    });
    expect(part.body.links.map((l: Json) => l.rel)).toEqual(['self', 'up']);
    expect((await api(`/v2/payments/captures/${captureId}`)).body.status).toBe(
      'PARTIALLY_REFUNDED',
    );
    const rest = paypal.refund(captureId);
    expect(rest).toMatchObject({
      amount: { value: '4.20' },
      seller_payable_breakdown: { total_refunded_amount: { value: '24.20' } },
    });
    expect((await api(`/v2/payments/captures/${captureId}`)).body.status).toBe('REFUNDED');
    const more = await api(`/v2/payments/captures/${captureId}/refund`, {
      method: 'POST',
      json: {},
    });
    expect(more.status).toBe(422);
    expect(more.body.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');
  });

  it('refunds idempotently per PayPal-Request-Id, with custom_id and note_to_payer, and refuses more than is left', async () => {
    const id = await createOrder();
    paypal.approve(id);
    const captured = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
    const refund = (key: string, json: Json) =>
      api(`/v2/payments/captures/${captureId}/refund`, {
        method: 'POST',
        json,
        headers: { 'paypal-request-id': key },
      });
    const body = {
      amount: { currency_code: 'EUR', value: '10.00' },
      custom_id: 'our-refund-1',
      note_to_payer: 'Damaged in transit',
    };
    const first = await refund('refund-a', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'COMPLETED',
      custom_id: 'our-refund-1',
      note_to_payer: 'Damaged in transit',
    });
    const again = await refund('refund-a', body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(
      paypal
        .refundRequests()
        .filter((r) => r.captureId === captureId)
        .map((r) => r.requestId),
    ).toEqual(['refund-a', 'refund-a']);
    const shown = await api(`/v2/payments/refunds/${first.body.id}`);
    expect(shown.body).toMatchObject({ id: first.body.id, status: 'COMPLETED' });

    const tooMuch = await refund('refund-b', { amount: { currency_code: 'EUR', value: '14.21' } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0].issue).toBe('REFUND_AMOUNT_EXCEEDED');
    const currency = await refund('refund-c', { amount: { currency_code: 'USD', value: '1.00' } });
    expect(currency.body.details[0].issue).toBe('REFUND_CAPTURE_CURRENCY_MISMATCH');
    const note = await refund('refund-d', { note_to_payer: 'x'.repeat(256) });
    expect(note.status).toBe(400);
    expect(note.body.details[0]).toMatchObject({
      issue: 'INVALID_STRING_MAX_LENGTH',
      field: '/note_to_payer',
    });
  });

  it('answers PENDING refunds when told (they hold their amount) until completed; a FAILED one holds none', async () => {
    const id = await createOrder();
    paypal.approve(id);
    const captured = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
    const refund = (key: string, value: string) =>
      api(`/v2/payments/captures/${captureId}/refund`, {
        method: 'POST',
        json: { amount: { currency_code: 'EUR', value } },
        headers: { 'paypal-request-id': key },
      });
    paypal.setRefundOutcome('FAILED', captureId);
    expect((await refund('f', '24.20')).body).toMatchObject({
      status: 'FAILED',
      status_details: { reason: 'ECHECK' },
    });
    paypal.setRefundOutcome('PENDING', captureId);
    const pending = await refund('p', '24.20');
    expect(pending.status).toBe(201);
    expect(pending.body).toMatchObject({ status: 'PENDING', status_details: { reason: 'ECHECK' } });
    expect(pending.body.seller_payable_breakdown).toBeUndefined();
    expect((await refund('q', '0.01')).body.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');
    expect((await api(`/v2/payments/captures/${captureId}`)).body.status).toBe('COMPLETED');
    const done = paypal.completeRefund(pending.body.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      seller_payable_breakdown: { total_refunded_amount: { value: '24.20' } },
    });
    // The same request again: the latest status.
    expect((await refund('p', '24.20')).body.status).toBe('COMPLETED');
    expect((await api(`/v2/payments/captures/${captureId}`)).body.status).toBe('REFUNDED');
  });

  it('fails on purpose: 500 in the error model, an answer lost after the work, refused connections', async () => {
    const id = await createOrder();
    paypal.approve(id);
    paypal.fault({ method: 'GET', path: `/v2/checkout/orders/${id}` }, 500, 1);
    const failed = await api(`/v2/checkout/orders/${id}`);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      name: 'INTERNAL_SERVER_ERROR',
      debug_id: expect.any(String),
    });
    expect((await api(`/v2/checkout/orders/${id}`)).status).toBe(200);

    paypal.fault({ path: `/v2/checkout/orders/${id}/capture` }, 'lose-answer', 1);
    const lost = await api(`/v2/checkout/orders/${id}/capture`, {
      method: 'POST',
      json: {},
      signal: AbortSignal.timeout(300),
    }).catch((error: Error) => error);
    expect(lost).toBeInstanceOf(Error);
    // The capture was made all the same.
    expect((await api(`/v2/checkout/orders/${id}`)).body.status).toBe('COMPLETED');

    await paypal.stop();
    // A new connection (fetch's pool may still hold one the stop just cut).
    const refused = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      http
        .get(`${paypal.baseUrl}/v2/checkout/orders/${id}`, { agent: false }, (res) => {
          res.resume();
          resolve(undefined);
        })
        .on('error', resolve);
    }).finally(() => paypal.start());
    expect(refused?.code).toBe('ECONNREFUSED');
    expect((await api(`/v2/checkout/orders/${id}`)).status).toBe(200);
  });

  it('can capture a different amount than ordered', async () => {
    const id = await createOrder();
    paypal.approve(id);
    paypal.setCapturedAmount(id, '1.00');
    const res = await api(`/v2/checkout/orders/${id}/capture`, { method: 'POST', json: {} });
    expect(res.body.purchase_units[0].payments.captures[0].amount).toEqual({
      currency_code: 'EUR',
      value: '1.00',
    });
    const shown = await api(`/v2/checkout/orders/${id}`);
    expect(shown.body.purchase_units[0].amount.value).toBe('24.20');
  });

  describe('webhooks', () => {
    const verifyBody = (event: Json, headers: Record<string, string>, webhookId: string) => ({
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: webhookId,
      webhook_event: event,
    });

    it('builds events of the documented shape', () => {
      const event = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', {
        id: '2GG279541U471931P',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '5.00' },
        custom_id: 'enrolment-7',
      });
      expect(event).toMatchObject({
        id: expect.stringMatching(/^WH-/),
        event_version: '1.0',
        resource_type: 'capture',
        resource_version: '2.0',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: 'Payment completed for $ 5.00 USD',
        resource: { id: '2GG279541U471931P', custom_id: 'enrolment-7' },
      });
      expect(paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', {}).resource_type).toBe('refund');
      expect(paypal.webhookEvent('PAYMENT.CAPTURE.REVERSED', {}).resource_type).toBe('refund');
      expect(paypal.webhookEvent('PAYMENT.CAPTURE.DENIED', {}).resource_type).toBe('capture');
      expect(paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', {}).resource_type).toBe(
        'checkout-order',
      );
    });

    it('verifies only signatures it made, for that exact event and webhook id', async () => {
      const event = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', {
        id: '2GG279541U471931P',
        amount: { currency_code: 'USD', value: '5.00' },
      });
      const headers = paypal.signedHeaders(event);
      expect(Object.keys(headers).sort()).toEqual([
        'paypal-auth-algo',
        'paypal-cert-url',
        'paypal-transmission-id',
        'paypal-transmission-sig',
        'paypal-transmission-time',
      ]);
      const verifyWith = async (body: Json) => {
        const res = await api('/v1/notifications/verify-webhook-signature', {
          method: 'POST',
          json: body,
        });
        expect(res.status).toBe(200);
        return res.body.verification_status as string;
      };

      // As a receiver does it: the raw body is parsed and sent back as webhook_event.
      const received = JSON.parse(JSON.stringify(event)) as Json;
      expect(await verifyWith(verifyBody(received, headers, paypal.webhookId))).toBe('SUCCESS');

      const tampered = {
        ...received,
        resource: { ...received.resource, amount: { currency_code: 'USD', value: '500.00' } },
      };
      expect(await verifyWith(verifyBody(tampered, headers, paypal.webhookId))).toBe('FAILURE');
      expect(await verifyWith(verifyBody(received, headers, 'SOMEOTHERWEBHOOK'))).toBe('FAILURE');
      const forged = {
        ...headers,
        'paypal-transmission-sig': Buffer.from('forged').toString('base64'),
      };
      expect(await verifyWith(verifyBody(received, forged, paypal.webhookId))).toBe('FAILURE');
      const otherEvent = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'X' });
      expect(await verifyWith(verifyBody(otherEvent, headers, paypal.webhookId))).toBe('FAILURE');

      // The event exactly as sent (pretty-printed here): put into the request as it is, it
      // verifies; parsed and re-serialised, it does not.
      const raw = JSON.stringify(event, null, 2);
      const rawHeaders = paypal.signedHeaders(raw);
      const rawRequest = (webhookEvent: string) => {
        const fields = JSON.stringify(verifyBody({}, rawHeaders, paypal.webhookId)).replace(
          /,"webhook_event":\{\}\}$/,
          '',
        );
        return call(`${paypal.baseUrl}/v1/notifications/verify-webhook-signature`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: `${fields},"webhook_event":${webhookEvent}}`,
        });
      };
      expect((await rawRequest(raw)).body.verification_status).toBe('SUCCESS');
      expect((await rawRequest(JSON.stringify(JSON.parse(raw)))).body.verification_status).toBe(
        'FAILURE',
      );

      const incomplete = await api('/v1/notifications/verify-webhook-signature', {
        method: 'POST',
        json: { webhook_id: paypal.webhookId },
      });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.name).toBe('VALIDATION_ERROR');
    });
  });
});

describe('Alephium node stand-in', () => {
  let node: AlephiumStandin;
  const txId = createHash('sha256').update('deposit-1').digest('hex');
  const address = '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH';

  beforeAll(async () => {
    node = await startAlephiumStandin();
  });
  afterAll(() => node.close());

  const get = (path: string) => call(`${node.baseUrl}${path}`);

  it('reports a transaction MemPooled, then Confirmed', async () => {
    node.addTransaction({
      txId,
      outputs: [
        { address, attoAlphAmount: '2500000000000000000' },
        { address: '12LTuUf6GiQbdAW8NTbzXUHabX91dmMKuKZfCfhDrCPoW', attoAlphAmount: '1' },
      ],
    });
    const pooled = await get(`/transactions/status?txId=${txId}`);
    expect(pooled.status).toBe(200);
    expect(pooled.body).toEqual({ type: 'MemPooled' });
    const notYet = await get(`/transactions/details/${txId}`);
    expect(notYet.status).toBe(404);

    node.confirm(txId, 3);
    const confirmed = await get(`/transactions/status?txId=${txId}`);
    expect(confirmed.body).toEqual({
      type: 'Confirmed',
      blockHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      txIndex: 0,
      chainConfirmations: 3,
      fromGroupConfirmations: 3,
      toGroupConfirmations: 3,
    });
    expect(node.requests).toContainEqual({
      method: 'GET',
      path: `/transactions/status?txId=${txId}`,
    });
  });

  it('shows the transaction details with its outputs', async () => {
    const res = await get(`/transactions/details/${txId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      unsigned: { txId, gasAmount: expect.any(Number), gasPrice: expect.any(String) },
      scriptExecutionOk: true,
      contractInputs: [],
      generatedOutputs: [],
      inputSignatures: [expect.stringMatching(/^[0-9a-f]+$/)],
      scriptSignatures: [],
    });
    expect(res.body.unsigned.inputs[0]).toMatchObject({
      outputRef: { hint: expect.any(Number), key: expect.any(String) },
      unlockScript: expect.any(String),
    });
    expect(res.body.unsigned.fixedOutputs).toHaveLength(2);
    expect(res.body.unsigned.fixedOutputs[0]).toEqual({
      hint: expect.any(Number),
      key: expect.stringMatching(/^[0-9a-f]{64}$/),
      attoAlphAmount: '2500000000000000000',
      address,
      tokens: [],
      lockTime: 0,
      message: '',
    });
  });

  it('knows TxNotFound, and answers 404 NotFound for details of an unknown tx', async () => {
    const unknown = 'ab'.repeat(32);
    expect((await get(`/transactions/status?txId=${unknown}`)).body).toEqual({
      type: 'TxNotFound',
    });
    const details = await get(`/transactions/details/${unknown}`);
    expect(details.status).toBe(404);
    expect(details.body).toEqual({
      resource: `Transaction ${unknown}`,
      detail: `Transaction ${unknown} not found`,
    });
    const bad = await get('/transactions/status?txId=nothex');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toEqual(expect.any(String));
  });

  it('adds a transaction confirmed from the start', async () => {
    const other = createHash('sha256').update('deposit-2').digest('hex');
    node.addTransaction({
      txId: other,
      outputs: [{ address, attoAlphAmount: '1' }],
      confirmations: 1,
    });
    expect((await get(`/transactions/status?txId=${other}`)).body).toMatchObject({
      type: 'Confirmed',
      chainConfirmations: 1,
    });
  });

  it('reports a transaction that lost to a conflicting one as Conflicted, with the Confirmed fields', async () => {
    const lost = createHash('sha256').update('deposit-3').digest('hex');
    node.addTransaction({ txId: lost, outputs: [{ address, attoAlphAmount: '1' }] });
    node.conflict(lost);
    expect((await get(`/transactions/status?txId=${lost}`)).body).toEqual({
      type: 'Conflicted',
      blockHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      txIndex: 0,
      chainConfirmations: 1,
      fromGroupConfirmations: 1,
      toGroupConfirmations: 1,
    });
  });

  it('fails on purpose: 500 and 503 as { detail }, or no answer', async () => {
    node.fault({ path: '/transactions/status' }, 500, 1);
    const failed = await get(`/transactions/status?txId=${txId}`);
    expect(failed).toMatchObject({ status: 500, body: { detail: expect.any(String) } });
    node.fault({ path: /^\/transactions\// }, 503, 1);
    expect((await get(`/transactions/details/${txId}`)).status).toBe(503);
    node.fault({ path: '/transactions/status' }, 'hang');
    const silent = await fetch(`${node.baseUrl}/transactions/status?txId=${txId}`, {
      signal: AbortSignal.timeout(200),
    }).catch((error: Error) => error);
    expect((silent as Error).name).toBe('TimeoutError');
    node.clearFaults();
    expect((await get(`/transactions/status?txId=${txId}`)).status).toBe(200);
  });

  it('reports balances in atto with ALPH hints', async () => {
    const zero = await get(`/addresses/${address}/balance`);
    expect(zero.body).toEqual({
      balance: '0',
      balanceHint: '0 ALPH',
      lockedBalance: '0',
      lockedBalanceHint: '0 ALPH',
      utxoNum: 0,
    });
    node.setBalance(address, '1500000000000000000');
    const res = await get(`/addresses/${address}/balance`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      balance: '1500000000000000000',
      balanceHint: '1.5 ALPH',
      lockedBalance: '0',
      lockedBalanceHint: '0 ALPH',
      utxoNum: 1,
    });
    expect((await get('/addresses/not-base58-0OIl/balance')).status).toBe(400);
  });
});
