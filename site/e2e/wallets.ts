import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { peers } from './peers';

/**
 * Browser wallets injected into the page, backed by the API's real peers: an EIP-1193 provider
 * (as MetaMask injects `window.ethereum`) whose signing requests go to an unlocked account of
 * the local Hardhat chain, and an Alephium extension-wallet object (as the extension injects
 * `window.alephiumProviders.alephium`) whose transfers land on the Alephium node stand-in.
 * The page talks to them through functions exposed by Playwright, as an extension's content
 * script would relay to its background page.
 */

interface RpcAnswer {
  result?: unknown;
  error?: { code: number; message: string };
}

async function rpc(url: string, method: string, params: unknown): Promise<RpcAnswer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  });
  const body = (await res.json()) as RpcAnswer;
  return body.error ? { error: body.error } : { result: body.result };
}

/** The Hardhat chain's unlocked accounts (#0 deployer, #1 merchant, #2..#19 hold USDT). */
export async function chainAccounts(): Promise<string[]> {
  const { rpcUrl } = await peers.config();
  const { result } = await rpc(rpcUrl, 'eth_accounts', []);
  return result as string[];
}

export interface InjectedEvmWallet {
  /** Emits a wallet event in the page (accountsChanged, chainChanged). */
  emit(page: Page, event: string, payload: unknown): Promise<void>;
}

/**
 * `window.ethereum` for `account`: eth_accounts answers [] until the page connects (unless
 * `preconnected`); `reject` makes the wallet refuse requests with EIP-1193 code 4001.
 */
export async function injectEvmWallet(
  page: Page,
  {
    account,
    preconnected = false,
    reject = [],
    startChainId,
  }: {
    account: string;
    preconnected?: boolean;
    reject?: string[];
    /** The chain the wallet is on at first (hex, e.g. '0x1'); switching moves it to the local one. */
    startChainId?: string;
  },
): Promise<InjectedEvmWallet> {
  const { rpcUrl } = await peers.config();
  await page.exposeFunction('__evmRpc', (method: string, params: unknown) =>
    rpc(rpcUrl, method, params),
  );
  await page.addInitScript(
    ({ account, preconnected, reject, startChainId }) => {
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
      let connected = preconnected;
      let chainOverride = startChainId;
      const w = window as unknown as {
        __evmRpc(method: string, params: unknown): Promise<RpcAnswer>;
        __evmEmit(event: string, payload: unknown): void;
        ethereum: unknown;
      };
      w.__evmEmit = (event, payload) => {
        for (const fn of listeners.get(event) ?? []) fn(payload);
      };
      w.ethereum = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown }) {
          if (reject.includes(method)) {
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          }
          if (method === 'eth_accounts') return connected ? [account] : [];
          if (method === 'eth_requestAccounts') {
            connected = true;
            return [account];
          }
          if (method === 'eth_chainId' && chainOverride) return chainOverride;
          if (method === 'wallet_switchEthereumChain') {
            chainOverride = undefined;
            return null;
          }
          const answer = await w.__evmRpc(method, params ?? []);
          if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
          return answer.result;
        },
        on(event: string, fn: (...args: unknown[]) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)?.add(fn);
        },
        removeListener(event: string, fn: (...args: unknown[]) => void) {
          listeners.get(event)?.delete(fn);
        },
      };
    },
    { account, preconnected, reject, startChainId },
  );
  return {
    emit: (p, event, payload) =>
      p.evaluate(
        ([e, v]) =>
          (window as unknown as { __evmEmit(e: string, v: unknown): void }).__evmEmit(e, v),
        [event, payload] as const,
      ),
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A fresh address-shaped base58 string (group-0 style, 45 characters). */
export function alephiumAddress(): string {
  const bytes = randomBytes(44);
  return `1${Array.from(bytes, (b) => BASE58[b % BASE58.length]).join('')}`;
}

/**
 * `window.alephiumProviders.alephium` for `address`, with the members
 * @alephium/get-extension-wallet checks. Its node answers balances from the node stand-in; a
 * signed transfer becomes a confirmed transaction there (or, with `rejectTransfer`, the user
 * rejects it).
 */
export async function injectAlephiumWallet(
  page: Page,
  { address, rejectTransfer = false }: { address: string; rejectTransfer?: boolean },
) {
  await page.exposeFunction('__alphBalance', async (addr: string) => peers.alephiumBalance(addr));
  await page.exposeFunction(
    '__alphTransfer',
    async (params: { destinations: { address: string; attoAlphAmount: string }[] }) => {
      const txId = randomBytes(32).toString('hex');
      await peers.addAlephiumTx({
        txId,
        outputs: params.destinations.map((d) => ({
          address: d.address,
          attoAlphAmount: String(d.attoAlphAmount),
        })),
        confirmations: 1,
      });
      const { balance } = await peers.alephiumBalance(address);
      const spent = params.destinations.reduce((sum, d) => sum + BigInt(d.attoAlphAmount), 0n);
      await peers.setAlephiumBalance(address, String(BigInt(balance) - spent));
      return {
        txId,
        fromGroup: 0,
        toGroup: 0,
        unsignedTx: '00',
        signature: '00',
        gasAmount: 20_000,
        gasPrice: '100000000000',
      };
    },
  );
  await page.addInitScript(
    ({ address, rejectTransfer }) => {
      const w = window as unknown as {
        __alphBalance(a: string): Promise<{ balance: string }>;
        __alphTransfer(p: unknown): Promise<{ txId: string }>;
        alephiumProviders: Record<string, unknown>;
      };
      let account:
        | { address: string; group: number; publicKey: string; keyType: string }
        | undefined;
      const enable = async () => {
        account = { address, group: 0, publicKey: '00'.repeat(33), keyType: 'default' };
        return account;
      };
      const unsupported = async () => {
        throw new Error('not supported by the test wallet');
      };
      w.alephiumProviders = {
        alephium: {
          id: 'alephium',
          name: 'Alephium',
          icon: '',
          version: 'test',
          unsafeEnable: enable,
          enable,
          enableIfConnected: async () => account,
          isPreauthorized: async () => account !== undefined,
          disconnect: async () => {
            account = undefined;
          },
          get connectedAccount() {
            return account;
          },
          get connectedNetworkId() {
            return account ? 'devnet' : undefined;
          },
          nodeProvider: {
            addresses: { getAddressesAddressBalance: (a: string) => w.__alphBalance(a) },
          },
          explorerProvider: {},
          async signAndSubmitTransferTx(params: unknown) {
            if (rejectTransfer)
              throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
            return w.__alphTransfer(params);
          },
          signAndSubmitDeployContractTx: unsupported,
          signAndSubmitExecuteScriptTx: unsupported,
          signAndSubmitUnsignedTx: unsupported,
          signUnsignedTx: unsupported,
          signMessage: unsupported,
          request: unsupported,
        },
      };
    },
    { address, rejectTransfer },
  );
}

/**
 * Serves a stub of PayPal's JS SDK (the real one loads from paypal.com, which these machines
 * cannot reach): `paypal.Buttons` renders one "PayPal" button that runs the integration's own
 * createOrder, then the buyer's `decision` in PayPal's window, then onApprove / onCancel.
 */
export async function stubPaypalSdk(
  page: Page,
  decision: 'approve' | 'decline' | 'unavailable' | 'cancel' | 'error' = 'approve',
): Promise<{ sdkUrls: string[]; orderIds: string[] }> {
  const sdkUrls: string[] = [];
  const orderIds: string[] = [];
  await page.exposeFunction('__paypalDecide', async (orderId: string) => {
    orderIds.push(orderId);
    if (decision === 'cancel' || decision === 'error') return decision;
    await peers.approvePaypal(orderId);
    // Approved in PayPal's window, but the card is declined when the server captures.
    if (decision === 'decline') await peers.paypalOutcome(orderId, 'DECLINED');
    // Approved, but PayPal is down when the server captures.
    if (decision === 'unavailable') await peers.paypalUnavailable(orderId);
    return 'approve';
  });
  // PayPal's restart after a decline: the buyer picks another funding source in PayPal's window
  // and approves the same order again.
  await page.exposeFunction('__paypalRestart', (orderId: string) => peers.approvePaypal(orderId));
  await page.route('https://www.paypal.com/sdk/js**', (route) => {
    sdkUrls.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: PAYPAL_STUB });
  });
  return { sdkUrls, orderIds };
}

const PAYPAL_STUB = `
window.paypal = {
  version: 'stub',
  FUNDING: { PAYPAL: 'paypal', CARD: 'card' },
  Buttons(options) {
    return {
      isEligible: () => true,
      close: async () => {},
      updateProps: async () => {},
      async render(container) {
        const host = typeof container === 'string' ? document.querySelector(container) : container;
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.setAttribute('data-testid', 'paypal-stub-button');
        button.onclick = async () => {
          try {
            const orderID = await options.createOrder({}, { order: {} });
            const decision = await window.__paypalDecide(orderID);
            if (decision === 'cancel') return options.onCancel && options.onCancel({ orderID });
            if (decision === 'error') return options.onError && options.onError(new Error('PayPal error'));
            const approved = () =>
              options.onApprove(
                { orderID, payerID: 'PAYERSTUB01' },
                {
                  restart: () => {
                    window.__paypalRestart(orderID).then(approved, (error) => options.onError && options.onError(error));
                  },
                },
              );
            await approved();
          } catch (error) {
            options.onError && options.onError(error);
          }
        };
        host.appendChild(button);
      },
    };
  },
};
`;
