/**
 * The real peers of the API, started together for the site's browser tests (which run the API as
 * a child process): the local EVM chain, the PayPal and Alephium node stand-ins and an SMTP
 * server. Browser tests run in other processes than the one that started these, so a small
 * control server on loopback lets them drive the stand-ins and read the mail that arrived.
 *
 * Control API (JSON):
 * - `GET  /config` → `{ rpcUrl, chainId, usdtAddress, evmMerchant, alphMerchant, paypalClientId }`
 * - `POST /paypal/approve` `{ orderId }` (the buyer approves in PayPal's window)
 * - `POST /paypal/outcome` `{ orderId, outcome: 'COMPLETED' | 'PENDING' | 'DECLINED' }`
 * - `POST /paypal/unavailable` `{ orderId, unavailable }`: PayPal answers that order's captures 503
 *   (SERVICE_UNAVAILABLE) until called again with `unavailable: false`
 * - `GET  /paypal/refunds` → the refund requests PayPal received: `[{ captureId, requestId, body }]`
 * - `POST /paypal/refund-outcome` `{ outcome: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED' }`:
 *   what the next refunds answer
 * - `POST /alephium/transactions` `{ txId, outputs: [{ address, attoAlphAmount }], confirmations? }`
 * - `POST /alephium/balance` `{ address, attoAlph }`
 * - `GET  /alephium/balance?address=` → the node's own answer (as the wallet's node would)
 * - `GET  /mail?to=address` → `[{ to, subject, text, html, at }]`
 * - `POST /mail/refuse` `{ address, refuse }`: the SMTP server answers that address 550 (for good)
 *   until called again with `refuse: false`
 * - `POST /mail/data-mode` `{ mode: 'accept' | 'drop' }`: `drop` reads each message, then cuts the
 *   connection before answering (the sender cannot know whether it arrived)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEvmChain } from './evm/chain.ts';
import { startSmtpServer } from './smtp.ts';
import { startAlephiumStandin } from './standins/alephium.ts';
import { startPaypalStandin } from './standins/paypal.ts';

/** A valid mainnet-style Alephium address (group 0), used as the merchant in browser tests. */
export const E2E_ALPH_MERCHANT = '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH';

export interface Peers {
  /** Settings for the API process. */
  env: Record<string, string>;
  /** The control server's address, e.g. http://127.0.0.1:1234. */
  controlUrl: string;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startPeers(): Promise<Peers> {
  const [chain, paypal, alephium, smtp] = await Promise.all([
    startEvmChain(),
    startPaypalStandin(),
    startAlephiumStandin(),
    startSmtpServer({ autoClose: false }),
  ]);

  const refusedMail = new Set<string>();
  smtp.setRefusal((address) =>
    refusedMail.has(address) ? { code: 550, message: 'Mailbox unavailable' } : undefined,
  );

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://control');
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /config') {
        return send(res, 200, {
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          usdtAddress: chain.usdtAddress,
          evmMerchant: chain.merchant,
          alphMerchant: E2E_ALPH_MERCHANT,
          paypalClientId: paypal.clientId,
        });
      }
      if (route === 'POST /paypal/approve') {
        const { orderId } = await readJson(req);
        paypal.approve(String(orderId));
        return send(res, 200, { ok: true });
      }
      if (route === 'POST /paypal/outcome') {
        const { orderId, outcome } = await readJson(req);
        paypal.setCaptureOutcome(String(orderId), outcome as 'COMPLETED' | 'PENDING' | 'DECLINED');
        return send(res, 200, { ok: true });
      }
      if (route === 'POST /paypal/unavailable') {
        const { orderId, unavailable } = await readJson(req);
        if (unavailable === false) paypal.clearFaults();
        else paypal.fault({ method: 'POST', path: `/v2/checkout/orders/${orderId}/capture` }, 503);
        return send(res, 200, { ok: true });
      }
      if (route === 'GET /paypal/refunds') return send(res, 200, paypal.refundRequests());
      if (route === 'POST /paypal/refund-outcome') {
        const { outcome } = await readJson(req);
        paypal.setRefundOutcome(outcome as Parameters<typeof paypal.setRefundOutcome>[0]);
        return send(res, 200, { ok: true });
      }
      if (route === 'POST /alephium/transactions') {
        const body = await readJson(req);
        alephium.addTransaction(body as Parameters<typeof alephium.addTransaction>[0]);
        return send(res, 200, { ok: true });
      }
      if (route === 'POST /alephium/balance') {
        const { address, attoAlph } = await readJson(req);
        alephium.setBalance(String(address), String(attoAlph));
        return send(res, 200, { ok: true });
      }
      if (route === 'GET /alephium/balance') {
        const address = encodeURIComponent(url.searchParams.get('address') ?? '');
        const answer = await fetch(`${alephium.baseUrl}/addresses/${address}/balance`);
        return send(res, answer.status, await answer.json());
      }
      if (route === 'GET /mail') {
        const to = url.searchParams.get('to') ?? '';
        return send(
          res,
          200,
          smtp.to(to).map((m) => ({
            to: m.rcpt,
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            at: m.at,
          })),
        );
      }
      if (route === 'POST /mail/refuse') {
        const { address, refuse } = await readJson(req);
        if (refuse === false) refusedMail.delete(String(address));
        else refusedMail.add(String(address));
        return send(res, 200, { ok: true });
      }
      if (route === 'POST /mail/data-mode') {
        const { mode } = await readJson(req);
        if (mode !== 'accept' && mode !== 'drop') return send(res, 400, { message: 'bad mode' });
        smtp.setDataMode(mode);
        return send(res, 200, { ok: true });
      }
      return send(res, 404, { message: `${route} not found` });
    })().catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    env: {
      SMTP_URL: smtp.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.baseUrl,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      EVM_RPC_URL: chain.rpcUrl,
      EVM_CHAIN_ID: String(chain.chainId),
      USDT_CONTRACT: chain.usdtAddress,
      MERCHANT_EVM_ADDRESS: chain.merchant,
      EVM_CONFIRMATIONS: '1',
      ALPH_NODE_URL: alephium.baseUrl,
      ALPH_MERCHANT_ADDRESS: E2E_ALPH_MERCHANT,
      ALPH_CONFIRMATIONS: '1',
    },
    controlUrl: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([chain.close(), paypal.close(), alephium.close(), smtp.close()]);
    },
  };
}
