import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatOrderDateTime } from '../../../orders/order-display';
import { useAdminNavigation } from '../../admin-navigation';
import {
  STOCK_HISTORY_PAGE_SIZE,
  type StockMovement,
  useStockHistory,
} from '../api/get-stock-history';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** "+3" or "−3" (a minus sign, not a hyphen), in green or red. */
function Change({ delta }: { delta: number }) {
  return (
    <Text span size="sm" fw={700} ff="monospace" c={delta > 0 ? 'teal.4' : 'red.4'} data-delta>
      {delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`}
    </Text>
  );
}

/**
 * Who is behind a movement: its order (a link to it in the Orders tab) and/or the admin; a
 * movement with neither (the stock a product had when the history began) says so.
 */
function Behind({ movement, onOrder }: { movement: StockMovement; onOrder: (id: string) => void }) {
  const { order, actor } = movement;
  if (!order && !actor)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      {order && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => onOrder(order.id)}
          aria-label={`Open order ${order.orderNumber}`}
        >
          Order {order.orderNumber}
        </Anchor>
      )}
      {actor && (
        <Text size="sm" c={order ? 'dimmed' : undefined}>
          {order ? `by ${actor.name}` : actor.name}
        </Text>
      )}
    </Stack>
  );
}

function MovementsTable({
  movements,
  onOrder,
}: {
  movements: StockMovement[];
  onOrder: (id: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Stock movements" data-stock-history="table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th ta="right">Stock after</Table.Th>
            <Table.Th>Cause</Table.Th>
            <Table.Th>Order or admin</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => (
            <Table.Tr key={m.id} data-movement-cause={m.cause}>
              <Table.Td>
                <Text size="sm">{formatOrderDateTime(m.createdAt)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Change delta={m.delta} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" ff="monospace">
                  {m.stockAfter}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.causeLabel}</Text>
                {m.note && (
                  <Text size="xs" c="dimmed">
                    {m.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Behind movement={m} onOrder={onOrder} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each movement is a card: the change and stock after first, then why and who. */
function MovementCards({
  movements,
  onOrder,
}: {
  movements: StockMovement[];
  onOrder: (id: string) => void;
}) {
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      aria-label="Stock movements"
      data-stock-history="cards"
    >
      {movements.map((m) => (
        <Paper
          key={m.id}
          component="li"
          withBorder
          radius="md"
          p="sm"
          style={{ listStyle: 'none' }}
          data-movement-cause={m.cause}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600}>
                {m.causeLabel}
              </Text>
              <Text size="xs" c="dimmed">
                {formatOrderDateTime(m.createdAt)}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Change delta={m.delta} />
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {m.stockAfter} after
              </Text>
            </Stack>
          </Group>
          {(m.order || m.actor) && (
            <Group mt={6}>
              <Behind movement={m} onOrder={onOrder} />
            </Group>
          )}
          {m.note && (
            <Text size="xs" c="dimmed" mt={4}>
              {m.note}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function History({ productId, onClose }: { productId: string; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const nav = useAdminNavigation();
  const [page, setPage] = useState(1);
  const history = useStockHistory(productId, page);
  const pages = history.data
    ? Math.max(1, Math.ceil(history.data.total / STOCK_HISTORY_PAGE_SIZE))
    : 1;
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  // The order opens in the Orders tab; this modal closes first, as it belongs to Products.
  const openOrder = (id: string) => {
    onClose();
    nav.open('order', id);
  };

  if (history.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the stock history">
        <Skeleton height={28} width="60%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (history.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title={history.error.message}
        icon={<IconAlertTriangle aria-hidden />}
      >
        <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { product, movements, total } = history.data;
  return (
    <Stack gap="md" aria-busy={history.isFetching}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={0} miw={0}>
          <Text fw={700} data-stock-history-product>
            {product.name}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {product.sku}
          </Text>
        </Stack>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            In stock now
          </Text>
          <Badge variant="light" color={product.stock === 0 ? 'red' : 'gray'} size="lg">
            {product.stock}
          </Badge>
        </Group>
      </Group>
      {movements.length === 0 ? (
        <EmptyState
          icon={<IconHistory aria-hidden />}
          title="No stock movements yet"
          description="Sales, releases, edits and restocks of this product will show here."
        />
      ) : narrow ? (
        <MovementCards movements={movements} onOrder={openOrder} />
      ) : (
        <MovementsTable movements={movements} onOrder={openOrder} />
      )}
      <Text size="xs" c="dimmed">
        {total === 1 ? '1 movement' : `${total} movements`}, newest first
      </Text>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            value={page}
            onChange={setPage}
            total={pages}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          />
        </Group>
      )}
    </Stack>
  );
}

/**
 * A product's stock history (decision 037): every movement with its date, change, the stock it
 * left, its cause and the order or admin behind it. A table on a wide screen, cards on a phone
 * (whose whole screen the modal takes).
 */
export function StockHistoryModal({
  productId,
  onClose,
}: {
  productId: string | null;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={productId !== null}
      onClose={onClose}
      title="Stock history"
      size="xl"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {productId && <History key={productId} productId={productId} onClose={onClose} />}
    </Modal>
  );
}
