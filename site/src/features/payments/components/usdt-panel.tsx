import { Alert, Button, Stack, Text } from '@mantine/core';
import { paymentMessages } from '@studio/shared/messages/payments';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { BrowserProvider, Contract } from 'ethers';
import { toast } from '../../../lib/toast';
import { useQuote } from '../api/create-quote';
import { useCryptoPayment, useWalletConnect } from '../hooks/use-crypto-payment';
import { type Eip1193Provider, useEvmWallet } from '../hooks/use-evm-wallet';
import { walletErrorMessage } from '../lib/wallet-errors';
import { formatBalance } from '../lib/wallet-format';
import type { PanelProps } from '../types';
import { PaymentStatus } from './payment-status';
import {
  ConnectedWallet,
  ConnectWallet,
  Insufficient,
  PanelHeading,
  PayButton,
  QuoteState,
} from './wallet-parts';

const m = paymentMessages;
const ERC20 = [
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function transfer(address to, uint256 amount) returns (bool)',
];
/** Spec 4 and 9: the transfer is polled for a receipt every 4000 ms. */
export const RECEIPT_POLL_MS = 4000;
const BALANCE_KEY = ['wallet', 'usdt-balance'] as const;

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
  const wallet = useEvmWallet(onChainChanged ? { onChainChanged } : {});
  const connect = useWalletConnect(wallet.connect);
  const payment = useCryptoPayment({
    method: 'usdt',
    onConfirm,
    ...(onProcessingChange ? { onProcessingChange } : {}),
    balanceKey: BALANCE_KEY,
  });

  const q = quote.data;
  const amount = q?.amountText ? `${q.amountText} USDT` : '';
  const onChain = q?.chainId != null && wallet.chainId === q.chainId;
  const balance = useQuery({
    queryKey: [...BALANCE_KEY, wallet.account, q?.tokenContract, wallet.chainId],
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
  // The quote is in 6-decimal units; the token may state other decimals.
  const dueInToken =
    due !== null && balance.data
      ? due * 10n ** BigInt(Math.max(0, balance.data.decimals - 6))
      : null;
  const insufficient = balance.data != null && dueInToken !== null && balance.data.raw < dueInToken;

  const pay = () => {
    if (!wallet.provider || !wallet.account) {
      toast.error(m.connectFirst);
      return;
    }
    if (!q?.merchantAddress || !q.tokenContract || due === null) return;
    const { provider: injected, account } = wallet;
    const { merchantAddress, tokenContract } = q;
    void payment.pay(async (submitted) => {
      const provider = new BrowserProvider(injected);
      const token = new Contract(tokenContract, ERC20, await provider.getSigner(account));
      const tx = (await token.getFunction('transfer')(merchantAddress, dueInToken ?? due)) as {
        hash: string;
      };
      submitted(tx.hash);
      for (;;) {
        const receipt = await provider.getTransactionReceipt(tx.hash);
        if (receipt) {
          if (receipt.status !== 1) throw new Error(m.transactionFailed);
          return tx.hash;
        }
        await sleep(RECEIPT_POLL_MS);
      }
    });
  };

  const waiting = <QuoteState quote={quote} />;
  if (quote.isPending || quote.isError) return waiting;

  return (
    <Stack gap="sm">
      <PanelHeading title="Pay with USDT" amount={amount} testId="usdt-amount">
        A USDT (ERC-20) transfer from your browser wallet
        {q?.chainId ? ` on chain ${q.chainId}` : ''}. The amount includes 7% tax.
      </PanelHeading>
      {!wallet.connected ? (
        <ConnectWallet
          label="Connect Wallet"
          connecting={wallet.connecting}
          error={connect.error}
          onConnect={connect.run}
        />
      ) : (
        <>
          <ConnectedWallet
            address={wallet.account ?? ''}
            prefix="usdt"
            balance={
              balance.data
                ? `${formatBalance(balance.data.raw, balance.data.decimals, 2)} USDT`
                : null
            }
          />
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
          <Insufficient show={insufficient} text={m.insufficientUsdt} />
          <PayButton
            amount={amount}
            done={payment.stage.kind === 'done'}
            busy={payment.busy}
            // A transfer the server could not check yet is kept: "Try again", not a second one.
            disabled={
              !onChain || insufficient || !balance.data || payment.stage.kind === 'unavailable'
            }
            onPay={pay}
          />
        </>
      )}
      <PaymentStatus stage={payment.stage} />
    </Stack>
  );
}
