import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconPlugConnected,
  IconWallet,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { shortAddress } from '../lib/wallet-format';

/** The quote's loading and error states; null once it is there. */
export function QuoteState({ quote }: { quote: UseQueryResult<unknown, Error> }) {
  if (quote.isPending) return <Loader size="sm" aria-label="Loading the amount due" />;
  if (quote.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        {quote.error.message}
      </Alert>
    );
  }
  return null;
}

/** The panel's title, the amount due, and what the method is. */
export function PanelHeading({
  title,
  amount,
  testId,
  children,
}: {
  title: string;
  amount: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{title}</Text>
        <Text fw={700} data-testid={testId}>
          {amount}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </>
  );
}

/** Spec 2's Connect Wallet state, with the reason a connect failed. */
export function ConnectWallet({
  label,
  connecting,
  error,
  onConnect,
}: {
  label: string;
  connecting: boolean;
  error: string | null;
  onConnect: () => void;
}) {
  return (
    <>
      <Button
        leftSection={<IconWallet size={18} aria-hidden />}
        onClick={onConnect}
        loading={connecting}
      >
        {label}
      </Button>
      {error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/** The connected state's line: the shortened address (and `actions`), then the balance. */
export function ConnectedWallet({
  address,
  prefix,
  balance,
  actions,
}: {
  address: string;
  /** Test ids `<prefix>-address` and `<prefix>-balance`. */
  prefix: string;
  /** The balance text, or null while it loads. */
  balance: string | null;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap={6} wrap="nowrap">
        <IconPlugConnected size={18} aria-hidden color="var(--mantine-color-teal-5)" />
        <Text size="sm" title={address} data-testid={`${prefix}-address`}>
          {shortAddress(address)}
        </Text>
        {actions}
      </Group>
      <Text size="sm" data-testid={`${prefix}-balance`}>
        Balance: {balance ?? '...'}
      </Text>
    </Group>
  );
}

/** Spec 5's red notice when the wallet holds less than is due. */
export function Insufficient({ show, text }: { show: boolean; text: string }) {
  if (!show) return null;
  return (
    <Text c="red.5" size="sm" role="alert">
      {text}
    </Text>
  );
}

export function PayButton({
  amount,
  done,
  busy,
  disabled,
  onPay,
}: {
  amount: string;
  done: boolean;
  busy: boolean;
  disabled: boolean;
  onPay: () => void;
}) {
  return (
    <Button
      onClick={onPay}
      loading={busy}
      disabled={disabled || done}
      leftSection={done ? <IconCircleCheck size={18} aria-hidden /> : undefined}
    >
      {done ? 'Paid' : `Pay ${amount}`}
    </Button>
  );
}
