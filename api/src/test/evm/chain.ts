/**
 * A real local EVM chain for tests: an in-process Hardhat Network (EDR) served over HTTP JSON-RPC
 * on 127.0.0.1, with two 6-decimal ERC-20 test tokens deployed and pre-minted to the payers.
 *
 * Every `startEvmChain()` call creates its own Hardhat Network provider and HTTP server, so several
 * chains in one process do not share state. The Solidity source is compiled once per process.
 *
 * Accounts are Hardhat's default ones (mnemonic "test test ... junk", m/44'/60'/0'/0/i, 20 of them,
 * each with 10,000 ETH): #0 deploys the tokens (and owns `mint`), #1 is the merchant, #2..#19 are
 * payers holding 1,000,000 tokens (10^12 base units) of each token.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  Contract,
  ContractFactory,
  getAddress,
  HDNodeWallet,
  type InterfaceAbi,
  JsonRpcProvider,
  type Signer,
  toQuantity,
  Wallet,
} from 'ethers';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import type { HardhatRuntimeEnvironment } from 'hardhat/types/hre';
import type { EthereumProvider } from 'hardhat/types/providers';

export interface EvmChain {
  /** http://127.0.0.1:<port> JSON-RPC endpoint forwarding to the in-process Hardhat Network. */
  rpcUrl: string;
  /** 31337 */
  chainId: number;
  /** The deployed 6-decimal test token (checksummed). */
  usdtAddress: string;
  /** A second 6-decimal ERC-20 (for "wrong token" tests), checksummed. */
  otherTokenAddress: string;
  /** Account #1, used as the merchant receiving address (checksummed). */
  merchant: string;
  /**
   * The wallet of Hardhat account `index` (default 2), connected to `rpcUrl`. Accounts 2..19 hold
   * 1,000,000 USDT and 1,000,000 of the other token. Do not send from the same payer concurrently
   * yourself (nonces); `transfer`/`revertedTransfer` serialize per account.
   */
  payer(index?: number): Wallet | Signer;
  /** Sends `amount` base units of `token` (default USDT) from payer `from` to `to`; resolves with the tx hash once sent (mined immediately when automine is on). */
  transfer(opts: { from?: number; to: string; amount: bigint; token?: string }): Promise<string>;
  /** A transfer that is mined but REVERTS (status 0), e.g. more than the balance, sent with an explicit gasLimit so it is included in a block. Resolves with its hash. */
  revertedTransfer(opts: { from?: number; to: string }): Promise<string>;
  setAutomine(on: boolean): Promise<void>;
  /** Mines N blocks (default 1); the first includes pending transactions. */
  mine(blocks?: number): Promise<void>;
  blockNumber(): Promise<number>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Hardhat 3: one runtime environment per process, built from an in-memory config (no
// hardhat.config file); `network.create()` gives each chain a fresh, independent simulated network.

const CHAIN_ID = 31337;
const ACCOUNTS = {
  mnemonic: 'test test test test test test test test test test test junk',
  path: "m/44'/60'/0'/0",
  count: 20,
};

let hre: Promise<HardhatRuntimeEnvironment> | undefined;

function hardhat(): Promise<HardhatRuntimeEnvironment> {
  process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true';
  hre ??= createHardhatRuntimeEnvironment(
    {
      networks: {
        evm: {
          type: 'edr-simulated',
          chainId: CHAIN_ID,
          accounts: ACCOUNTS,
          // Reverting transactions are still mined and eth_send(Raw)Transaction returns their
          // hash, as on a real node. (eth_call / estimateGas still answer reverts with errors.)
          throwOnTransactionFailures: false,
          throwOnCallFailures: true,
          mining: { auto: true, interval: 0 },
          loggingEnabled: false,
        },
      },
    },
    {},
    // The project root Hardhat resolves its (unused) paths from: the api workspace.
    fileURLToPath(new URL('../../..', import.meta.url)),
  );
  hre.catch(() => {
    hre = undefined;
  });
  return hre;
}

// ---------------------------------------------------------------------------------------------
// Solidity, compiled with solc-js (CommonJS) once per process

const require = createRequire(import.meta.url);

interface CompiledContract {
  abi: InterfaceAbi;
  bytecode: string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: InterfaceAbi; evm: { bytecode: { object: string } } }>
  >;
}

let compiled: Promise<CompiledContract> | undefined;

export function compileTestToken(): Promise<CompiledContract> {
  compiled ??= (async () => {
    const source = await readFile(new URL('./TestToken.sol', import.meta.url), 'utf8');
    const solc = require('solc') as { compile(input: string): string };
    const input = {
      language: 'Solidity',
      sources: { 'TestToken.sol': { content: source } },
      settings: {
        // Runs on Hardhat 3's default hardfork and any from cancun on.
        evmVersion: 'cancun',
        optimizer: { enabled: true, runs: 200 },
        outputSelection: { '*': { TestToken: ['abi', 'evm.bytecode.object'] } },
      },
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
    const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
    if (errors.length > 0) {
      throw new Error(
        `TestToken.sol failed to compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
      );
    }
    const contract = output.contracts?.['TestToken.sol']?.TestToken;
    if (!contract) throw new Error('solc produced no TestToken contract');
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  })();
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

// ---------------------------------------------------------------------------------------------
// JSON-RPC over HTTP

interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: unknown; result: unknown }
  | { jsonrpc: '2.0'; id: unknown; error: JsonRpcError };

function toJsonRpcError(err: unknown): JsonRpcError {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  // Revert data: Hardhat puts it on `data` (a hex string) or `data.data`.
  let data: unknown = e.data;
  if (data && typeof data === 'object' && 'data' in data) data = (data as { data: unknown }).data;
  const revertData = typeof data === 'string' && data.startsWith('0x') ? data : undefined;
  let code: number;
  if (typeof e.code === 'number' && Number.isInteger(e.code)) code = e.code;
  else if (revertData !== undefined)
    code = 3; // geth's "execution reverted"
  else code = -32603;
  return revertData === undefined ? { code, message } : { code, message, data: revertData };
}

async function handleOne(provider: EthereumProvider, req: unknown): Promise<JsonRpcResponse> {
  const r = (req ?? {}) as { id?: unknown; method?: unknown; params?: unknown };
  const id = r.id ?? null;
  if (
    typeof req !== 'object' ||
    req === null ||
    Array.isArray(req) ||
    typeof r.method !== 'string'
  ) {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
  }
  if (r.params !== undefined && !Array.isArray(r.params)) {
    return { jsonrpc: '2.0', id, error: { code: -32602, message: 'params must be an array' } };
  }
  try {
    const result = await provider.request({ method: r.method, params: r.params ?? [] });
    return { jsonrpc: '2.0', id, result: result ?? null };
  } catch (err) {
    return { jsonrpc: '2.0', id, error: toJsonRpcError(err) };
  }
}

function createRpcServer(provider: EthereumProvider): http.Server {
  return http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
        return;
      }
      const work: Promise<unknown> = Array.isArray(body)
        ? body.length === 0
          ? Promise.resolve({
              jsonrpc: '2.0',
              id: null,
              error: { code: -32600, message: 'Empty batch' },
            })
          : Promise.all(body.map((one) => handleOne(provider, one)))
        : handleOne(provider, body);
      work.then(
        (out) => send(200, out),
        (err: unknown) => send(500, { jsonrpc: '2.0', id: null, error: toJsonRpcError(err) }),
      );
    });
  });
}

// ---------------------------------------------------------------------------------------------

const DEPLOYER = 0;
const MERCHANT = 1;
const FIRST_PAYER = 2;
/** 1,000,000 tokens with 6 decimals. */
const MINTED = 1_000_000n * 10n ** 6n;
export async function startEvmChain(): Promise<EvmChain> {
  const artifactPromise = compileTestToken();
  const connection = await (await hardhat()).network.create('evm');
  const hardhatProvider = connection.provider;
  const rpc = (method: string, params: unknown[] = []) =>
    hardhatProvider.request({ method, params });

  const server = createRpcServer(hardhatProvider);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const rpcUrl = `http://127.0.0.1:${port}`;

  // cacheTimeout -1: no caching of e.g. eth_getTransactionCount between back-to-back sends.
  const provider = new JsonRpcProvider(rpcUrl, CHAIN_ID, {
    staticNetwork: true,
    cacheTimeout: -1,
    batchStallTime: 0,
  });

  const root = HDNodeWallet.fromPhrase(ACCOUNTS.mnemonic, '', ACCOUNTS.path);
  const wallets = new Map<number, Wallet>();
  const wallet = (index: number): Wallet => {
    if (!Number.isInteger(index) || index < 0 || index >= ACCOUNTS.count) {
      throw new RangeError(`no Hardhat account #${index} (0..${ACCOUNTS.count - 1})`);
    }
    let w = wallets.get(index);
    if (!w) {
      w = new Wallet(root.deriveChild(index).privateKey, provider);
      wallets.set(index, w);
    }
    return w;
  };

  // One queue per sending account, so nonces are fetched after the previous send went through.
  const queues = new Map<number, Promise<unknown>>();
  const serialize = <T>(index: number, job: () => Promise<T>): Promise<T> => {
    const prev = queues.get(index) ?? Promise.resolve();
    const next = prev.then(job, job);
    queues.set(
      index,
      next.catch(() => undefined),
    );
    return next;
  };

  try {
    const artifact = await artifactPromise;
    const holders: string[] = [];
    for (let i = FIRST_PAYER; i < ACCOUNTS.count; i++) holders.push(wallet(i).address);
    const factory = new ContractFactory(artifact.abi, artifact.bytecode, wallet(DEPLOYER));
    const deploy = async (name: string, symbol: string) => {
      const c = await factory.deploy(name, symbol, holders, MINTED);
      await c.waitForDeployment();
      return getAddress(await c.getAddress());
    };
    const usdtAddress = await deploy('Tether USD (test)', 'USDT');
    const otherTokenAddress = await deploy('Other Token (test)', 'OTHER');
    const token = (address: string, signer: Wallet) => new Contract(address, artifact.abi, signer);

    let closed = false;
    return {
      rpcUrl,
      chainId: CHAIN_ID,
      usdtAddress,
      otherTokenAddress,
      merchant: wallet(MERCHANT).address,
      payer: (index = FIRST_PAYER) => wallet(index),
      transfer: ({ from = FIRST_PAYER, to, amount, token: tokenAddress = usdtAddress }) =>
        serialize(from, async () => {
          const contract = token(tokenAddress, wallet(from));
          const tx = (await contract.getFunction('transfer')(to, amount)) as { hash: string };
          return tx.hash;
        }),
      revertedTransfer: ({ from = FIRST_PAYER, to }) =>
        serialize(from, async () => {
          const w = wallet(from);
          const contract = token(usdtAddress, w);
          const balance = (await contract.getFunction('balanceOf')(w.address)) as bigint;
          const data = contract.interface.encodeFunctionData('transfer', [to, balance + 1n]);
          // An explicit gasLimit skips estimateGas (which would reject the revert up front).
          const tx = await w.sendTransaction({ to: usdtAddress, data, gasLimit: 100_000n });
          return tx.hash;
        }),
      setAutomine: async (on) => {
        await rpc('evm_setAutomine', [on]);
      },
      mine: async (blocks = 1) => {
        if (!Number.isInteger(blocks) || blocks < 1) throw new RangeError('blocks must be >= 1');
        await rpc('hardhat_mine', [toQuantity(blocks)]);
      },
      blockNumber: async () => Number(BigInt((await rpc('eth_blockNumber')) as string)),
      close: async () => {
        if (closed) return;
        closed = true;
        provider.destroy();
        await closeServer(server);
        await connection.close();
      },
    };
  } catch (err) {
    provider.destroy();
    await closeServer(server);
    await connection.close();
    throw err;
  }
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
