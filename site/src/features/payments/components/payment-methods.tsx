import { Alert, Loader, Tabs, Text } from '@mantine/core';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import {
  IconAlertCircle,
  IconBrandPaypal,
  IconCoin,
  IconCurrencyDollar,
} from '@tabler/icons-react';
import { useState } from 'react';
import { usePaymentConfig } from '../api/get-payment-config';
import type { PanelProps, PaymentMethodsProps } from '../types';
import { AlephiumPanel } from './alephium-panel';
import { PaypalPanel } from './paypal-panel';
import { UsdtPanel } from './usdt-panel';

const TABS: { value: PaymentMethod; label: string; icon: typeof IconCoin }[] = [
  { value: 'paypal', label: 'PayPal', icon: IconBrandPaypal },
  { value: 'usdt', label: 'USDT', icon: IconCurrencyDollar },
  { value: 'alephium', label: 'ALPH', icon: IconCoin },
];

function Unavailable() {
  return (
    <Text size="sm" c="dimmed">
      This payment method is not available right now. Please choose another one.
    </Text>
  );
}

/** Tabs PayPal (default), USDT and ALPH, each paying `subject` at the server's quote. */
export function PaymentMethods({ initialMethod = 'paypal', ...props }: PaymentMethodsProps) {
  const config = usePaymentConfig();
  const [method, setMethod] = useState<PaymentMethod>(initialMethod);
  const [processing, setProcessing] = useState(false);

  if (config.isPending) return <Loader size="sm" aria-label="Loading payment methods" />;
  if (config.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {config.error.message}
      </Alert>
    );
  }
  const onProcessingChange = (value: boolean) => {
    setProcessing(value);
    props.onProcessingChange?.(value);
  };
  const panel = (value: PaymentMethod) => {
    const panelProps: PanelProps = {
      ...props,
      onProcessingChange,
      active: method === value,
      config: config.data,
    };
    if (!config.data[value].enabled) return <Unavailable />;
    if (value === 'paypal') return <PaypalPanel {...panelProps} />;
    if (value === 'usdt') return <UsdtPanel {...panelProps} />;
    return <AlephiumPanel {...panelProps} />;
  };

  return (
    <Tabs
      value={method}
      onChange={(v) => {
        // Switching method mid-payment would orphan the wallet prompt.
        if (v && !processing) setMethod(v as PaymentMethod);
      }}
      keepMounted={false}
      variant="pills"
    >
      <Tabs.List grow mb="md" aria-label="Payment method">
        {TABS.map(({ value, label, icon: Icon }) => (
          <Tabs.Tab
            key={value}
            value={value}
            disabled={processing && method !== value}
            leftSection={<Icon size={16} aria-hidden />}
          >
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map(({ value }) => (
        <Tabs.Panel key={value} value={value}>
          {panel(value)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
