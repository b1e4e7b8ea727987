import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@studio/shared/messages';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconPlugConnected,
  IconWallet,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BrowserProvider, Contract } from 'ethers';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useQuote } from '../api/create-quote';
import { type Eip1193Provider, useEvmWallet } from '../hooks/use-evm-wallet';
import { walletErrorMessage } from '../lib/wallet-errors';
import { formatBalance, shortAddress } from '../lib/wallet-format';
import type { PanelProps } from './payment-methods';
import { PaymentStatus, type PayStage } from './payment-status';

const m = messages.payments;
const ERC20 = [
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function transfer(address to, uint256 amount) returns (bool)',
];
/** Spec 4 and 9: the transfer is polled for a receipt every 4000 ms. */
export const RECEIPT_POLL_MS = 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBalance(provider: Eip1193Provider, token: string, owner: string) {
  const contract = new Contract(token, ERC20, new BrowserProvider(provider));
  const [raw, decimals] = (await Promise.all([
    contract.getFunction('balanceOf')(owner),
    contract.getFunction('decimals')(),
  ])) as [bigint, bigint];
  return { raw: BigInt(raw), decimals: Number(decimals) };
}

/** 'Pay with USDT' (spec 2, 4, 5): an ERC-20 transfer from the buyer's browser wallet. */
export function UsdtPanel({
  subject,
  active,
  onConfirm,
  onProcessingChange,
  onChainChanged,
}: PanelProps) {
  const quote = useQuote(subject, 'usdt', active);
  const wallet = useEvmWallet({ onChainChanged });
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<PayStage>({ kind: 'idle' });
  const [connectError, setConnectError] = useState<string | null>(null);

  const q = quote.data;
  const amount = q?.amountText ? `${q.amountText} USDT` : '';
  const onChain = q?.chainId != null && wallet.chainId === q.chainId;
  const balanceKey = ['wallet', 'usdt-balance', wallet.account, q?.tokenContract, wallet.chainId];
  const balance = useQuery({
    queryKey: balanceKey,
    enabled: Boolean(wallet.provider && wallet.account && q?.tokenContract && onChain),
    retry: false,
    queryFn: async () => {
      try {
        return await readBalance(
          wallet.provider as Eip1193Provider,
          q?.tokenContract ?? '',
          wallet.account ?? '',
        );
      } catch (error) {
        // Spec 8: balance errors are only logged.
        console.error('USDT balance lookup failed', error);
        return null;
      }
    },
  });

  const due = q?.amountBaseUnits ? BigInt(q.amountBaseUnits) : null;
  const held = balance.data ? balance.data.raw : null;
  // The quote is in 6-decimal units; the token may state other decimals.
  const dueInToken =
    due !== null && balance.data
      ? due * 10n ** BigInt(Math.max(0, balance.data.decimals - 6))
      : null;
  const insufficient = held !== null && dueInToken !== null && held < dueInToken;
  const busy =
    stage.kind === 'processing' || stage.kind === 'submitted' || stage.kind === 'confirming';

  const connect = async () => {
    setConnectError(null);
    try {
      await wallet.connect();
      toast.success(m.walletConnected);
    } catch (error) {
      const reason =
        error instanceof Error && !('code' in error) ? error.message : walletErrorMessage(error);
      setConnectError(reason);
      toast.error(m.connectFailed, { title: undefined });
    }
  };

  const pay = async () => {
    if (!wallet.provider || !wallet.account) {
      toast.error(m.connectFirst);
      return;
    }
    if (!q?.merchantAddress || !q.tokenContract || due === null) return;
    onProcessingChange?.(true);
    setStage({ kind: 'processing' });
    let hash: string | undefined;
    try {
      const provider = new BrowserProvider(wallet.provider);
      const signer = await provider.getSigner(wallet.account);
      const token = new Contract(q.tokenContract, ERC20, signer);
      const tx = (await token.getFunction('transfer')(q.merchantAddress, dueInToken ?? due)) as {
        hash: string;
      };
      hash = tx.hash;
      setStage({ kind: 'submitted', txId: hash });
      toast.info(m.submitted);
      for (;;) {
        const receipt = await provider.getTransactionReceipt(hash);
        if (receipt) {
          if (receipt.status !== 1) throw new Error(m.transactionFailed);
          break;
        }
        await sleep(RECEIPT_POLL_MS);
      }
    } catch (error) {
      const reason =
        error instanceof Error && error.message === m.transactionFailed
          ? m.transactionFailed
          : walletErrorMessage(error);
      setStage({ kind: 'failed', message: reason, txId: hash });
      toast.error(m.cryptoFailed(reason));
      onProcessingChange?.(false);
      return;
    }
    setStage({ kind: 'confirming', txId: hash });
    try {
      await onConfirm({ method: 'usdt', transactionId: hash });
      setStage({ kind: 'done', txId: hash });
    } catch (error) {
      setStage({
        kind: 'failed',
        message: error instanceof Error ? error.message : m.cryptoVerificationFailed,
        txId: hash,
      });
      toast.error(m.cryptoVerificationFailed);
    } finally {
      onProcessingChange?.(false);
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'usdt-balance'] });
    }
  };

  if (quote.isPending) return <Loader size="sm" aria-label="Loading the amount due" />;
  if (quote.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        {quote.error.message}
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>Pay with USDT</Text>
        <Text fw={700} data-testid="usdt-amount">
          {amount}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        A USDT (ERC-20) transfer from your browser wallet
        {q?.chainId ? ` on chain ${q.chainId}` : ''}. The amount includes 7% tax.
      </Text>

      {!wallet.connected ? (
        <>
          <Button
            leftSection={<IconWallet size={18} aria-hidden />}
            onClick={connect}
            loading={wallet.connecting}
          >
            Connect Wallet
          </Button>
          {connectError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {connectError}
            </Alert>
          )}
        </>
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <IconPlugConnected size={18} aria-hidden color="var(--mantine-color-teal-5)" />
              <Text size="sm" title={wallet.account ?? undefined} data-testid="usdt-address">
                {shortAddress(wallet.account ?? '')}
              </Text>
            </Group>
            <Text size="sm" data-testid="usdt-balance">
              Balance:{' '}
              {balance.data
                ? `${formatBalance(balance.data.raw, balance.data.decimals, 2)} USDT`
                : '...'}
            </Text>
          </Group>
          {!onChain && q?.chainId != null && (
            <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} title="Wrong network">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  Your wallet is on another network. Switch to chain {q.chainId} to pay.
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    wallet
                      .switchChain(q.chainId ?? 0)
                      .catch((error: unknown) => toast.error(walletErrorMessage(error)))
                  }
                >
                  Switch network
                </Button>
              </Stack>
            </Alert>
          )}
          {insufficient && (
            <Text c="red.5" size="sm" role="alert">
              {m.insufficientUsdt}
            </Text>
          )}
          <Button
            onClick={pay}
            loading={busy}
            disabled={!onChain || insufficient || !balance.data || stage.kind === 'done'}
            leftSection={
              stage.kind === 'done' ? <IconCircleCheck size={18} aria-hidden /> : undefined
            }
          >
            {stage.kind === 'done' ? 'Paid' : `Pay ${amount}`}
          </Button>
        </>
      )}
      <PaymentStatus stage={stage} />
    </Stack>
  );
}
