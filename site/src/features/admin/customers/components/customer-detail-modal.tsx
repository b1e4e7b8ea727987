import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { customerMessages } from '@studio/shared/messages/customers';
import { formatUsd } from '@studio/shared/money';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { useAdminHost } from '../../admin-context';
import { useAdminNavigation } from '../../admin-navigation';
import { ADMIN_TOAST } from '../../admin-toast';
import { OrderStatusBadge } from '../../orders/components/order-status-badge';
import { PaymentStateBadge } from '../../submissions/components/payment-badges';
import { useChangeRole } from '../api/change-role';
import { useAdminMe } from '../api/get-admin-me';
import { type CustomerDetail, useCustomer } from '../api/get-customer';
import { CustomerDownloads } from './customer-downloads';
import { dateOrDash, fullName, NewsletterBadge, RoleBadge } from './customer-format';
import classes from './customers-list.module.css';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/**
 * A row of a list that opens something in another tab. Its name is what it shows, after
 * `label` said to screen readers only ("Open order"), so the name holds the visible text.
 */
function LinkRow({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton className={classes.linkRow} onClick={onClick}>
      <VisuallyHidden>{`${label} `}</VisuallyHidden>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
          {children}
        </Group>
        <IconChevronRight size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

function Orders({ data }: { data: CustomerDetail }) {
  const nav = useAdminNavigation();
  const { orders, customer } = data;
  return (
    <Stack gap="xs" component="section" aria-labelledby="customer-orders-title">
      <Title order={3} fz="md" id="customer-orders-title">
        Orders
      </Title>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders yet.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          {orders.map((o) => (
            <LinkRow key={o.id} label="Open order" onClick={() => nav.open('order', o.id)}>
              <Text size="sm" fw={600} ff="monospace">
                {o.orderNumber}
              </Text>
              <OrderStatusBadge status={o.status} />
              <Text size="sm">{formatUsd(o.totalCents)}</Text>
              <Text size="sm" c="dimmed">
                {dateOrDash(o.createdAt)}
              </Text>
            </LinkRow>
          ))}
        </Paper>
      )}
      {customer.ordersCount > orders.length && (
        <Text size="xs" c="dimmed">
          {`The latest ${orders.length} of ${customer.ordersCount} orders.`}
        </Text>
      )}
    </Stack>
  );
}

function Submissions({ data }: { data: CustomerDetail }) {
  const nav = useAdminNavigation();
  const { submissions, submissionsCount } = data;
  return (
    <Stack gap="xs" component="section" aria-labelledby="customer-submissions-title">
      <Title order={3} fz="md" id="customer-submissions-title">
        Project submissions
      </Title>
      {submissions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No project submissions.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          {submissions.map((s) => (
            <LinkRow
              key={s.id}
              label="Open submission"
              onClick={() => nav.open('submission', s.id)}
            >
              <Text size="sm" fw={600}>
                {s.service}
              </Text>
              <PaymentStateBadge state={s.paymentState} />
              <Text size="sm" c="dimmed">
                {dateOrDash(s.createdAt)}
              </Text>
            </LinkRow>
          ))}
        </Paper>
      )}
      {submissionsCount > submissions.length && (
        <Text size="xs" c="dimmed">
          {`The latest ${submissions.length} of ${submissionsCount} submissions.`}
        </Text>
      )}
    </Stack>
  );
}

function Detail({ data, onRole }: { data: CustomerDetail; onRole: () => void }) {
  const { customer, newsletter } = data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label="E-mail">
          <Anchor size="sm" href={`mailto:${customer.email}`} className={classes.email}>
            {customer.email}
          </Anchor>
        </Field>
        <Field label="Phone">
          <Text size="sm">{customer.phone ?? '—'}</Text>
        </Field>
        <Field label="Signed up">
          <Text size="sm">{dateOrDash(customer.createdAt)}</Text>
        </Field>
        <Field label="Newsletter">
          <Group gap="xs">
            <NewsletterBadge status={newsletter.status} />
            {newsletter.since && (
              <Text size="xs" c="dimmed">
                {`since ${dateOrDash(newsletter.since)}`}
              </Text>
            )}
          </Group>
        </Field>
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            Orders
          </Text>
          <Text fw={700} fz={{ base: 'sm', xs: 'md' }}>
            {customer.ordersCount}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            Total spent
          </Text>
          <Text fw={700} fz={{ base: 'sm', xs: 'md' }}>
            {formatUsd(customer.totalSpentCents)}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            Last order
          </Text>
          <Text fw={700} fz={{ base: 'sm', xs: 'md' }}>
            {dateOrDash(customer.lastOrderAt)}
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Role">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Role
            </Text>
            <RoleBadge role={customer.role} />
          </Group>
          <Button
            size="sm"
            variant="light"
            color={customer.role === 'admin' ? 'red' : undefined}
            onClick={onRole}
          >
            {customer.role === 'admin' ? 'Remove admin role' : 'Make admin'}
          </Button>
        </Group>
      </Paper>
      <Orders data={data} />
      <Submissions data={data} />
      <CustomerDownloads downloads={data.downloads} />
    </Stack>
  );
}

/** The role change behind a confirmation; taking one's own role warns first and signs out after. */
function RoleConfirm({
  data,
  opened,
  onClose,
}: {
  data: CustomerDetail | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const me = useAdminMe();
  const host = useAdminHost();
  const change = useChangeRole();
  const customer = data?.customer;
  const self = customer !== undefined && me.data?.id === customer.id;
  const giving = customer?.role !== 'admin';
  const name = customer ? fullName(customer) : '';
  const close = () => {
    change.reset();
    onClose();
  };
  const confirm = () => {
    if (!customer) return;
    change.mutate(
      { id: customer.id, role: giving ? 'admin' : 'customer' },
      {
        onSuccess: (result) => {
          toast.success(result.message, ADMIN_TOAST);
          close();
          // Their own role gone: this dashboard answers them no more.
          if (self && !giving) void host.logout();
        },
      },
    );
  };
  return (
    <Modal
      stackId="customer-role"
      opened={opened}
      onClose={close}
      title={giving ? 'Make this account admin?' : 'Remove the admin role?'}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close role change' }}
    >
      <Stack gap="md">
        {self && !giving ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title="This is your own account"
          >
            {customerMessages.ownRoleWarning}
          </Alert>
        ) : (
          <Text size="sm">
            {giving
              ? `${name} will be able to see and change everything in this dashboard: orders, refunds, customers, products and e-mails.`
              : `${name} will lose access to this dashboard at once, on every device they are signed in on.`}
          </Text>
        )}
        {change.isError && (
          <Alert color="red" variant="light" role="alert" title={customerMessages.roleChangeFailed}>
            {change.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color={giving ? undefined : 'red'} loading={change.isPending} onClick={confirm}>
            {giving ? 'Make admin' : self ? 'Remove my admin role' : 'Remove admin role'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One customer: details, figures, newsletter, role, and their orders and submissions as links. */
export function CustomerDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useCustomer(id);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onClose();
  };
  return (
    <Modal.Stack>
      <Modal
        stackId="customer-detail"
        opened={id !== null}
        onClose={close}
        size="lg"
        title={
          detail.data ? (
            <Group gap="sm">
              <Text fw={700} fz="lg" component="span">
                {fullName(detail.data.customer)}
              </Text>
              <RoleBadge role={detail.data.customer.role} />
            </Group>
          ) : (
            'Customer'
          )
        }
        closeButtonProps={{ 'aria-label': 'Close customer' }}
      >
        {detail.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading the customer" />
          </Group>
        ) : detail.isError ? (
          <Alert color="red" variant="light" title={customerMessages.detailFailed}>
            <Group justify="space-between">
              <Text size="sm">{detail.error.message}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void detail.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : (
          <Detail data={detail.data} onRole={() => setConfirming(true)} />
        )}
      </Modal>
      <RoleConfirm data={detail.data} opened={confirming} onClose={() => setConfirming(false)} />
    </Modal.Stack>
  );
}
