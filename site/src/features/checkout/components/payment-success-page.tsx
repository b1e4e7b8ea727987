import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import {
  IconCloudDownload,
  IconMail,
  IconMessageCircle,
  IconPhotoVideo,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { useCart } from '../../cart/hooks/use-cart';
import { type ExecutePaymentResult, useExecutePayment } from '../api/execute-payment';
import { OrderSummary } from './order-summary';

interface PaymentSuccessPageProps {
  paymentId: string | undefined;
  payerId: string | undefined;
  orderId: string | undefined;
}

/** Spec 2: the three next steps after a successful payment. */
const NEXT_STEPS = [
  { icon: IconMessageCircle, text: "We'll review your order and contact you within 24 hours." },
  { icon: IconPhotoVideo, text: "You'll receive project updates and previews along the way." },
  { icon: IconMail, text: 'Your final deliverables will be sent to you by e-mail.' },
];

/**
 * Where PayPal sends the buyer back (spec 2): 'Processing Payment...' while the server captures,
 * then the paid order, or 'Payment Failed' with the reason. A capture PayPal is still holding
 * (202) is said as it is: received, being confirmed.
 */
export function PaymentSuccessPage({ paymentId, payerId, orderId }: PaymentSuccessPageProps) {
  if (!paymentId || !payerId || !orderId) {
    return <PaymentFailed message={orderMessages.missingPaymentInfo} orderId={orderId} />;
  }
  return <ExecutePayment paymentId={paymentId} payerId={payerId} orderId={orderId} />;
}

function ExecutePayment({ paymentId, payerId, orderId }: ExecutePaymentProps) {
  const execute = useExecutePayment({ paymentId, orderId });
  const { clear } = useCart();
  const { mutate } = execute;
  // Once per return: StrictMode runs effects twice, and a second capture must not be sent.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const key = `${orderId}|${paymentId}|${payerId}`;
    if (sent.current === key) return;
    sent.current = key;
    mutate({ paymentId, payerId, orderId }, { onSuccess: () => clear() });
  }, [mutate, clear, paymentId, payerId, orderId]);

  if (execute.isError) return <PaymentFailed message={execute.error.message} orderId={orderId} />;
  if (!execute.data) return <Processing />;
  return execute.data.success ? (
    <PaymentDone result={execute.data} />
  ) : (
    <PaymentPending result={execute.data} />
  );
}

interface ExecutePaymentProps {
  paymentId: string;
  payerId: string;
  orderId: string;
}

function Processing() {
  return (
    <PageShell title="Processing Payment...">
      <Paper withBorder radius="md" p="xl" role="status">
        <Stack align="center" gap="sm" ta="center">
          <Loader aria-hidden />
          <Text>We are confirming your payment with PayPal. Please keep this page open.</Text>
        </Stack>
      </Paper>
    </PageShell>
  );
}

type Result = ExecutePaymentResult;

function PaymentDone({ result }: { result: Result }) {
  const { order } = result;
  return (
    <PageShell title="Payment Successful">
      <Text size="lg">
        Thank you! Order <strong>{order.orderNumber}</strong> is paid.
      </Text>
      {order.hasDownloads && <FilesReady orderId={order.id} />}
      <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="summary-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="summary-title">
            Order {order.orderNumber}
          </Title>
          <OrderSummary order={order} totalLabel="Total paid" />
        </Stack>
      </Paper>
      <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="next-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="next-title">
            What happens next
          </Title>
          <List spacing="sm" listStyleType="none">
            {NEXT_STEPS.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon variant="light" radius="xl" size="md">
                    <Icon size={16} aria-hidden />
                  </ThemeIcon>
                }
              >
                {text}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
      <Group>
        <Button component={Link} to="/orders">
          View your orders
        </Button>
        <Button component={Link} to="/" hash="services" variant="default">
          Browse services
        </Button>
        <Button component={Link} to="/" variant="default">
          Back to home
        </Button>
      </Group>
    </PageShell>
  );
}

/** A paid order with downloads: they are ready now, on the order's page. */
function FilesReady({ orderId }: { orderId: string }) {
  return (
    <Alert
      color="teal"
      variant="light"
      title={downloadMessages.filesReady}
      icon={<IconCloudDownload aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{downloadMessages.filesPaid}</Text>
        <Button
          renderRoot={(props) => <Link to="/orders/$id" params={{ id: orderId }} {...props} />}
        >
          Get your files
        </Button>
      </Stack>
    </Alert>
  );
}

function PaymentPending({ result }: { result: Result }) {
  const { order } = result;
  const message = 'message' in result ? result.message : paymentMessages.pending;
  return (
    <PageShell title="Payment Being Confirmed">
      <Alert color="yellow" variant="light" role="status" title={message}>
        PayPal has your payment for order {order.orderNumber} and is still confirming it. Your order
        is updated as soon as it clears; there is no need to pay again.
        {order.hasDownloads && ` ${downloadMessages.filesAfterPayment}`}
      </Alert>
      <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="summary-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="summary-title">
            Order {order.orderNumber}
          </Title>
          <OrderSummary order={order} />
        </Stack>
      </Paper>
      <Group>
        <Button
          renderRoot={(props) => <Link to="/orders/$id" params={{ id: order.id }} {...props} />}
        >
          View order
        </Button>
        <Button component={Link} to="/" variant="default">
          Back to home
        </Button>
      </Group>
    </PageShell>
  );
}

function PaymentFailed({ message, orderId }: { message: string; orderId: string | undefined }) {
  return (
    <PageShell title="Payment Failed">
      <Alert color="red" variant="light" role="alert" title={paymentMessages.notThroughTitle}>
        {message}
      </Alert>
      <Group>
        {/* Back to the same order when we know it, so trying again does not place another. */}
        <Button renderRoot={(props) => <Link to="/checkout" search={{ orderId }} {...props} />}>
          Try Again
        </Button>
        <Button component={Link} to="/" variant="default">
          Back to home
        </Button>
      </Group>
    </PageShell>
  );
}
