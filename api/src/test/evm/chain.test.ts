import { Contract, getAddress, Interface, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvmChain, startEvmChain } from './chain.ts';

const ERC20_ABI = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
];
const erc20 = new Interface(ERC20_ABI);
const MINTED = 1_000_000n * 10n ** 6n;

describe('startEvmChain', () => {
  let chain: EvmChain;
  let provider: JsonRpcProvider;
  let startMs = 0;

  beforeAll(async () => {
    const t0 = performance.now();
    chain = await startEvmChain();
    startMs = performance.now() - t0;
    // ethers caches identical requests for 250 ms by default; a poller of receipts must not.
    provider = new JsonRpcProvider(chain.rpcUrl, undefined, { cacheTimeout: -1 });
  });

  afterAll(async () => {
    provider?.destroy();
    await chain?.close();
  });

  const token = (address: string) => new Contract(address, ERC20_ABI, provider);
  const balance = (tokenAddress: string, holder: string) =>
    token(tokenAddress).getFunction('balanceOf')(holder) as Promise<bigint>;
  const payerAddress = (index?: number) => {
    const p = chain.payer(index);
    return 'address' in p ? p.address : p.getAddress();
  };

  it('starts quickly and serves chain 31337 to a default ethers JsonRpcProvider', async () => {
    expect(startMs).toBeLessThan(15_000);
    expect(chain.chainId).toBe(31337);
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const plain = new JsonRpcProvider(chain.rpcUrl); // network detection + batching, as the API uses it
    try {
      expect((await plain.getNetwork()).chainId).toBe(31337n);
      const [block, gasPrice] = await Promise.all([
        plain.getBlockNumber(),
        plain.send('eth_gasPrice', []),
      ]);
      expect(block).toBeGreaterThanOrEqual(2); // two token deployments
      expect(typeof gasPrice).toBe('string');
    } finally {
      plain.destroy();
    }
  });

  it('answers raw JSON-RPC batches, unknown methods and bad JSON properly', async () => {
    const post = async (body: string) => {
      const res = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<unknown>;
    };
    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 'x', method: 'no_such_method', params: [] },
      ]),
    );
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 7, result: '0x7a69' },
      {
        jsonrpc: '2.0',
        id: 'x',
        error: expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }),
      },
    ]);
    expect(await post('{not json')).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it('has two distinct 6-decimal tokens, each pre-minted 1,000,000 to the payers', async () => {
    expect(chain.usdtAddress).toBe(getAddress(chain.usdtAddress));
    expect(chain.otherTokenAddress).toBe(getAddress(chain.otherTokenAddress));
    expect(chain.otherTokenAddress).not.toBe(chain.usdtAddress);
    expect(chain.merchant).toBe(getAddress(chain.merchant));
    for (const address of [chain.usdtAddress, chain.otherTokenAddress]) {
      expect(await provider.getCode(address)).not.toBe('0x');
      const t = token(address);
      expect(await t.getFunction('decimals')()).toBe(6n);
      expect(await balance(address, await payerAddress())).toBe(MINTED);
      expect(await balance(address, await payerAddress(19))).toBe(MINTED);
      expect(await t.getFunction('totalSupply')()).toBe(MINTED * 18n);
    }
    expect(await token(chain.usdtAddress).getFunction('symbol')()).toBe('USDT');
    expect(await payerAddress(2)).not.toBe(await payerAddress(3));
    expect(await payerAddress(2)).not.toBe(chain.merchant);
  });

  it('transfer() is mined with status 1 and a Transfer log to the merchant', async () => {
    const from = await payerAddress(2);
    const before = await balance(chain.usdtAddress, chain.merchant);
    const amount = 12_345_678n; // 12.345678 USDT
    const hash = await chain.transfer({ to: chain.merchant, amount });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    const receipt = await provider.getTransactionReceipt(hash);
    expect(receipt).not.toBeNull();
    expect(receipt?.status).toBe(1);
    expect(receipt?.to).toBe(chain.usdtAddress);
    expect(receipt?.from).toBe(from);
    expect(receipt?.logs).toHaveLength(1);
    const log = receipt?.logs[0];
    expect(log?.address).toBe(chain.usdtAddress);
    const parsed = log ? erc20.parseLog(log) : null;
    expect(parsed?.name).toBe('Transfer');
    expect(parsed?.args.from).toBe(from);
    expect(parsed?.args.to).toBe(chain.merchant);
    expect(parsed?.args.value).toBe(amount);
    expect(await balance(chain.usdtAddress, chain.merchant)).toBe(before + amount);
  });

  it('transfer() can send the other token from another payer', async () => {
    const hash = await chain.transfer({
      from: 3,
      to: chain.merchant,
      amount: 1_000_000n,
      token: chain.otherTokenAddress,
    });
    const receipt = await provider.getTransactionReceipt(hash);
    expect(receipt?.status).toBe(1);
    expect(receipt?.logs[0]?.address).toBe(chain.otherTokenAddress);
    expect(receipt?.from).toBe(await payerAddress(3));
    expect(await balance(chain.otherTokenAddress, chain.merchant)).toBe(1_000_000n);
  });

  it('back-to-back transfers from one payer all go through (nonces)', async () => {
    const before = await balance(chain.usdtAddress, chain.merchant);
    const hashes = await Promise.all(
      [1n, 2n, 3n].map((amount) => chain.transfer({ to: chain.merchant, amount })),
    );
    expect(new Set(hashes).size).toBe(3);
    for (const hash of hashes) expect((await provider.getTransactionReceipt(hash))?.status).toBe(1);
    expect(await balance(chain.usdtAddress, chain.merchant)).toBe(before + 6n);
  });

  it('revertedTransfer() is mined with status 0 and moves nothing', async () => {
    const payerBefore = await balance(chain.usdtAddress, await payerAddress(4));
    const merchantBefore = await balance(chain.usdtAddress, chain.merchant);
    const hash = await chain.revertedTransfer({ from: 4, to: chain.merchant });
    const receipt = await provider.getTransactionReceipt(hash);
    expect(receipt).not.toBeNull();
    expect(receipt?.status).toBe(0);
    expect(receipt?.to).toBe(chain.usdtAddress);
    expect(receipt?.logs).toHaveLength(0);
    expect(receipt?.blockNumber).toBe(await chain.blockNumber());
    expect(await balance(chain.usdtAddress, await payerAddress(4))).toBe(payerBefore);
    expect(await balance(chain.usdtAddress, chain.merchant)).toBe(merchantBefore);
  });

  it('reports a reverting eth_call / estimateGas as CALL_EXCEPTION with the reason', async () => {
    const t = new Contract(chain.usdtAddress, ERC20_ABI, chain.payer(5));
    await expect(
      t.getFunction('transfer').estimateGas(chain.merchant, MINTED + 1n),
    ).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
      reason: 'ERC20: transfer amount exceeds balance',
    });
  });

  it('with automine off, a transfer has no receipt until mine(), then confirmations grow', async () => {
    await chain.setAutomine(false);
    try {
      const start = await chain.blockNumber();
      const hash = await chain.transfer({ from: 6, to: chain.merchant, amount: 42n });
      expect(await provider.getTransactionReceipt(hash)).toBeNull();
      expect(await chain.blockNumber()).toBe(start);
      const pending = await provider.getTransaction(hash);
      expect(pending?.blockNumber).toBeNull();

      await chain.mine();
      expect(await chain.blockNumber()).toBe(start + 1);
      const receipt = await provider.getTransactionReceipt(hash);
      expect(receipt?.status).toBe(1);
      expect(receipt?.blockNumber).toBe(start + 1);
      expect(await receipt?.confirmations()).toBe(1);

      await chain.mine(3);
      expect(await chain.blockNumber()).toBe(start + 4);
      expect(await receipt?.confirmations()).toBe(4);
      const block = await provider.getBlock(start + 3);
      expect(block?.transactions).toHaveLength(0); // empty blocks
    } finally {
      await chain.setAutomine(true);
    }
    const hash = await chain.transfer({ from: 6, to: chain.merchant, amount: 1n });
    expect((await provider.getTransactionReceipt(hash))?.status).toBe(1);
  });

  it('a second chain in the same process is independent', async () => {
    const other = await startEvmChain();
    try {
      expect(other.rpcUrl).not.toBe(chain.rpcUrl);
      const mainBlock = await chain.blockNumber();
      expect(await other.blockNumber()).toBe(2); // fresh: just the two deployments
      await other.transfer({ to: other.merchant, amount: 5n });
      await other.mine(10);
      expect(await chain.blockNumber()).toBe(mainBlock);
      expect(await other.blockNumber()).toBe(13);
      // Same deployer and nonces, so the same addresses, but separate state.
      expect(other.usdtAddress).toBe(chain.usdtAddress);
      expect(await balance(chain.usdtAddress, await payerAddress(7))).toBe(MINTED);
    } finally {
      await other.close();
    }
    // The closed chain no longer answers; this one still does.
    await expect(fetch(other.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(await chain.blockNumber()).toBeGreaterThan(0);
  });
});
