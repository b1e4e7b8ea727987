import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { ALPH_DECIMALS } from '@studio/shared/crypto-units';
import { messages } from '@studio/shared/messages';
import {
  IconAlertCircle,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconPlugConnected,
  IconWallet,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useQuote } from '../api/create-quote';
import { alephiumWallet, useAlephiumWallet } from '../hooks/use-alephium-wallet';
import { walletErrorMessage } from '../lib/wallet-errors';
import { formatBalance, shortAddress } from '../lib/wallet-format';
import type { PanelProps } from './payment-methods';
import { PaymentStatus, type PayStage } from './payment-status';

const m = messages.payments;
/** Spec 9: the copy-address confirmation shows 2 seconds. */
export const COPY_CONFIRM_MS = 2000;

function reasonOf(error: unknown): string {
  return error instanceof Error && !('code' in error) ? error.message : walletErrorMessage(error);
}

/** The Alephium panel (spec 2, 4, 5): a transfer signed by the Alephium extension wallet. */
export function AlephiumPanel({
  subject,
  active,
  config,
  onConfirm,
  onProcessingChange,
}: PanelProps) {
  const quote = useQuote(subject, 'alephium', active);
  const wallet = useAlephiumWallet();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<PayStage>({ kind: 'idle' });
  const [connectError, setConnectError] = useState<string | null>(null);
  const q = quote.data;
  const amount = q?.amountText ? `${q.amountText} ALPH` : '';

  // Spec 7: the wallet's node answers the balance in atto; shown / 1e18 with 4 decimals.
  const balance = useQuery({
    queryKey: ['wallet', 'alph-balance', wallet.address],
    enabled: wallet.address !== null,
    retry: false,
    queryFn: async () => {
      try {
        const answer = await alephiumWallet()?.nodeProvider?.addresses.getAddressesAddressBalance(
          wallet.address ?? '',
        );
        return answer ? BigInt(answer.balance) : null;
      } catch (error) {
        console.error('ALPH balance lookup failed', error);
        return null;
      }
    },
  });

  const due = q?.amountBaseUnits ? BigInt(q.amountBaseUnits) : null;
  const held = balance.data ?? null;
  const insufficient = held !== null && due !== null && held < due;
  const busy = stage.kind === 'processing' || stage.kind === 'confirming';

  const connect = async () => {
    setConnectError(null);
    try {
      await wallet.connect();
      toast.success(m.walletConnected);
    } catch (error) {
      const reason = reasonOf(error);
      setConnectError(reason);
      toast.error(m.connectFailed);
    }
  };

  const pay = async () => {
    const ext = alephiumWallet();
    if (!ext || !wallet.address) {
      toast.error(m.connectFirst);
      return;
    }
    if (!q?.merchantAddress || due === null) return;
    onProcessingChange?.(true);
    setStage({ kind: 'processing' });
    let txId: string | undefined;
    try {
      const result = await ext.signAndSubmitTransferTx({
        signerAddress: wallet.address,
        destinations: [{ address: q.merchantAddress, attoAlphAmount: due.toString() }],
      });
      txId = result?.txId;
      if (!txId) throw new Error(m.transactionFailed);
    } catch (error) {
      const reason = reasonOf(error);
      setStage({ kind: 'failed', message: reason });
      toast.error(m.cryptoFailed(reason));
      onProcessingChange?.(false);
      return;
    }
    setStage({ kind: 'confirming', txId });
    try {
      await onConfirm({ method: 'alephium', transactionId: txId });
      setStage({ kind: 'done', txId });
    } catch (error) {
      setStage({
        kind: 'failed',
        message: error instanceof Error ? error.message : m.cryptoVerificationFailed,
        txId,
      });
      toast.error(m.cryptoVerificationFailed);
    } finally {
      onProcessingChange?.(false);
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'alph-balance'] });
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
        <Text fw={600}>Pay with Alephium</Text>
        <Text fw={700} data-testid="alph-amount">
          {amount}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Sent from the Alephium extension wallet at 1 ALPH = $
        {Number(config.alephium.enabled ? config.alephium.usdPerAlph : 0.5).toFixed(2)}. The amount
        includes 7% tax.
      </Text>
      {!wallet.connected ? (
        <>
          <Button
            leftSection={<IconWallet size={18} aria-hidden />}
            onClick={connect}
            loading={wallet.connecting}
          >
            Connect Alephium Wallet
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
              <Text size="sm" title={wallet.address ?? undefined} data-testid="alph-address">
                {shortAddress(wallet.address ?? '')}
              </Text>
              <CopyButton value={wallet.address ?? ''} timeout={COPY_CONFIRM_MS}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy address'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={copied ? 'Address copied' : 'Copy address'}
                    >
                      {copied ? (
                        <IconCheck size={16} aria-hidden />
                      ) : (
                        <IconCopy size={16} aria-hidden />
                      )}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" data-testid="alph-balance">
              Balance:{' '}
              {balance.data != null
                ? `${formatBalance(balance.data, ALPH_DECIMALS, 4)} ALPH`
                : '...'}
            </Text>
          </Group>
          {insufficient && (
            <Text c="red.5" size="sm" role="alert">
              {m.insufficientAlph}
            </Text>
          )}
          <Button
            onClick={pay}
            loading={busy}
            disabled={insufficient || balance.data == null || stage.kind === 'done'}
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
