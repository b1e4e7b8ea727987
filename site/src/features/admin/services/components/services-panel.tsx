import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { audioServiceMessages } from '@studio/shared/messages/audio-services';
import { httpMessages } from '@studio/shared/messages/http';
import { formatUsd } from '@studio/shared/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/admin-result';
import { AdminTable, ListError } from '../../components/admin-table';
import { type AdminService, useAdminServices } from '../api/list-services';
import { ServiceFormModal } from './service-form-modal';

const COLUMNS = ['Service', 'Category', 'Card price', 'Payment price', 'Status', ''] as const;

function PaymentPrice({ service }: { service: AdminService }) {
  if (service.checkoutPriceCents === null)
    return (
      <Text size="sm" c="dimmed">
        No online payment
      </Text>
    );
  const delta = service.checkoutPriceCents - service.listPriceCents;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {delta !== 0 && (
        <Text size="xs" c="dimmed" title="Payment price minus card price">
          {delta > 0 ? '+' : '−'}
          {formatUsd(Math.abs(delta))}
        </Text>
      )}
      <Text size="sm" fw={service.pricesDiffer ? 700 : undefined}>
        {formatUsd(service.checkoutPriceCents)}
      </Text>
    </Group>
  );
}

function ServiceRow({ service, onEdit }: { service: AdminService; onEdit: () => void }) {
  return (
    <Table.Tr data-service-sku={service.sku} data-prices-differ={service.pricesDiffer || undefined}>
      {/* A bar down the flagged rows' edge: findable at a glance without painting half the table. */}
      <Table.Td
        style={
          service.pricesDiffer
            ? {
                boxShadow: 'inset 4px 0 0 var(--mantine-color-orange-filled)',
                // The table's own inset, kept on a phone's card too, where cells have none.
                paddingInlineStart: 'var(--mantine-spacing-xs)',
              }
            : undefined
        }
      >
        <Text size="sm" fw={600}>
          {service.title}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {service.sku}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{service.category}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={service.pricesDiffer ? 700 : undefined}>
          {formatUsd(service.listPriceCents)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <PaymentPrice service={service} />
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          {service.pricesDiffer && (
            <Badge
              color="orange"
              variant="filled"
              leftSection={<IconAlertTriangle size={12} aria-hidden />}
            >
              Prices differ
            </Badge>
          )}
          {service.popular && (
            <Badge color="blue" variant="light">
              Popular
            </Badge>
          )}
          {!service.isActive && (
            <Badge color="gray" variant="light">
              Inactive
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Button size="compact-sm" variant="light" onClick={onEdit}>
          Edit
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Services tab: the card (list) price and the payment (checkout) price side by side; rows
 * whose two prices differ are flagged until an admin decides (decision 002).
 */
export function ServicesPanel() {
  const list = useAdminServices();
  const [show, setShow] = useState<'all' | 'differ'>('all');
  const [editingId, setEditingId] = useState<string | null>(null);

  const services = list.data?.services ?? [];
  const mismatches = list.data?.mismatchCount ?? 0;
  const shown = show === 'differ' ? services.filter((s) => s.pricesDiffer) : services;
  const editing = editingId ? (services.find((s) => s.id === editingId) ?? null) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>Services</Title>
          <Text size="sm" c="dimmed">
            Cards show the card price; checkout charges the payment price plus 7% tax.
          </Text>
        </Stack>
        <SegmentedControl
          aria-label="Show"
          value={show}
          onChange={(v) => setShow(v as typeof show)}
          data={[
            { value: 'all', label: `All services (${services.length})` },
            { value: 'differ', label: `Prices differ (${mismatches})` },
          ]}
        />
      </Group>

      {mismatches > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`${mismatches} ${mismatches === 1 ? 'service shows' : 'services show'} one price and charge another`}
        >
          The spec's card prices and payment prices disagree. Edit each flagged service and set the
          price it should really have; the flag goes once both prices match.
        </Alert>
      )}

      {list.isError && (
        <ListError
          title={audioServiceMessages.listFailed}
          message={errorMessage(list.error, httpMessages.tryAgain)}
          onRetry={() => void list.refetch()}
        />
      )}

      <AdminTable
        label="Services"
        columns={COLUMNS}
        rightAligned={['Card price', 'Payment price']}
        minWidth={860}
        highlightOnHover={false}
        busy={list.isFetching}
        loading={list.isPending}
        skeletonRows={6}
        empty={
          list.isSuccess && shown.length === 0
            ? show === 'differ'
              ? 'Every service charges what its card shows.'
              : 'No services.'
            : null
        }
      >
        {shown.map((service) => (
          <ServiceRow key={service.id} service={service} onEdit={() => setEditingId(service.id)} />
        ))}
      </AdminTable>

      <ServiceFormModal service={editing} onClose={() => setEditingId(null)} />
    </Stack>
  );
}
