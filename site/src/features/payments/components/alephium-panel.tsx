import { ActionIcon, CopyButton, Stack, Tooltip } from '@mantine/core';
import { ALPH_DECIMALS } from '@studio/shared/crypto-units';
import { paymentMessages } from '@studio/shared/messages/payments';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useQuote } from '../api/create-quote';
import { alephiumWallet, useAlephiumWallet } from '../hooks/use-alephium-wallet';
import { useCryptoPayment, useWalletConnect } from '../hooks/use-crypto-payment';
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
/** Spec 9: the copy-address confirmation shows 2 seconds. */
export const COPY_CONFIRM_MS = 2000;
const BALANCE_KEY = ['wallet', 'alph-balance'] as const;

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
  const connect = useWalletConnect(wallet.connect);
  const payment = useCryptoPayment({
    method: 'alephium',
    onConfirm,
    ...(onProcessingChange ? { onProcessingChange } : {}),
    balanceKey: BALANCE_KEY,
  });
  const q = quote.data;
  const amount = q?.amountText ? `${q.amountText} ALPH` : '';

  // Spec 7: the wallet's node answers the balance in atto; shown / 1e18 with 4 decimals.
  const balance = useQuery({
    queryKey: [...BALANCE_KEY, wallet.address],
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
  const insufficient = balance.data != null && due !== null && balance.data < due;

  const pay = () => {
    const ext = alephiumWallet();
    if (!ext || !wallet.address) {
      toast.error(m.connectFirst);
      return;
    }
    if (!q?.merchantAddress || due === null) return;
    const { address } = wallet;
    const { merchantAddress } = q;
    void payment.pay(async () => {
      const result = await ext.signAndSubmitTransferTx({
        signerAddress: address,
        destinations: [{ address: merchantAddress, attoAlphAmount: due.toString() }],
      });
      return result?.txId;
    });
  };

  if (quote.isPending || quote.isError) return <QuoteState quote={quote} />;

  return (
    <Stack gap="sm">
      <PanelHeading title="Pay with Alephium" amount={amount} testId="alph-amount">
        Sent from the Alephium extension wallet at 1 ALPH = $
        {Number(config.alephium.enabled ? config.alephium.usdPerAlph : 0.5).toFixed(2)}. The amount
        includes 7% tax.
      </PanelHeading>
      {!wallet.connected ? (
        <ConnectWallet
          label="Connect Alephium Wallet"
          connecting={wallet.connecting}
          error={connect.error}
          onConnect={connect.run}
        />
      ) : (
        <>
          <ConnectedWallet
            address={wallet.address ?? ''}
            prefix="alph"
            balance={
              balance.data != null ? `${formatBalance(balance.data, ALPH_DECIMALS, 4)} ALPH` : null
            }
            actions={
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
            }
          />
          <Insufficient show={insufficient} text={m.insufficientAlph} />
          <PayButton
            amount={amount}
            done={payment.stage.kind === 'done'}
            busy={payment.busy}
            // A transfer the server could not check yet is kept: "Try again", not a second one.
            disabled={insufficient || balance.data == null || payment.stage.kind === 'unavailable'}
            onPay={pay}
          />
        </>
      )}
      <PaymentStatus stage={payment.stage} />
    </Stack>
  );
}
