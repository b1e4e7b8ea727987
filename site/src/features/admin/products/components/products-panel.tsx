import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductCategory } from '@studio/shared/schemas/catalog';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { errorMessage } from '../api/admin-result';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProduct,
  type AdminProductsFilter,
  useAdminProducts,
} from '../api/list-products';
import { useLowStockThreshold } from '../api/low-stock-threshold';
import { useUpdateProduct } from '../api/update-product';
import { DeactivateProductModal } from './deactivate-product-modal';
import { CATEGORY_OPTIONS, ProductFormModal } from './product-form-modal';
import { ProductImagesModal } from './product-images-modal';
import { ProductRow } from './product-row';

const TOAST = { duration: 4000 } as const;
const COLUMNS = ['Product', 'SKU', 'Category', 'Price', 'Sale', 'Stock', 'Status', ''] as const;

function countText(total: number, filtered: boolean): string {
  if (!filtered) return total === 1 ? '1 product' : `${total} products`;
  return total === 1 ? '1 product matches' : `${total} products match`;
}

type Editing = { mode: 'create' } | { mode: 'edit'; product: AdminProduct } | null;

/** Products tab: the whole catalogue (inactive too), searchable, a page at a time. */
export function ProductsPanel() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [category, setCategory] = useState<ProductCategory | null>(null);
  const [active, setActive] = useState<'all' | 'true' | 'false'>('all');
  const [page, setPage] = useState(1);
  const filter: AdminProductsFilter = {
    q: q.trim(),
    category,
    active: active === 'all' ? null : active,
    page,
  };
  const list = useAdminProducts(filter);
  const threshold = useLowStockThreshold();
  const activate = useUpdateProduct();

  const [editing, setEditing] = useState<Editing>(null);
  const [imagesId, setImagesId] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<AdminProduct | null>(null);

  const products = list.data?.products ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
  // The modal follows the list, so an upload or removal shows as soon as the API answers.
  const imagesProduct = imagesId ? (products.find((p) => p.id === imagesId) ?? null) : null;

  const onActivate = (product: AdminProduct) =>
    activate.mutate(
      { id: product.id, body: { isActive: true } },
      {
        onSuccess: () => toast.success(`${product.name} activated`, TOAST),
        onError: (e) => toast.error(errorMessage(e, 'Failed to activate product'), TOAST),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>Products</Title>
          <Text size="sm" c="dimmed">
            {list.data
              ? countText(total, q !== '' || category !== null || active !== 'all')
              : 'The shop catalogue, inactive products included'}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing({ mode: 'create' })}
        >
          New product
        </Button>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search products"
          placeholder="Search by name or SKU"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        <Select
          aria-label="Category"
          placeholder="All categories"
          data={CATEGORY_OPTIONS}
          clearable
          value={category}
          onChange={(v) => {
            setCategory(v as ProductCategory | null);
            setPage(1);
          }}
          w={180}
        />
        <SegmentedControl
          aria-label="Status"
          value={active}
          onChange={(v) => {
            setActive(v as typeof active);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
        />
      </Group>

      {list.isError && (
        <Alert color="red" variant="light" title="Failed to load products">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(list.error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}

      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={1000}>
          <Table
            verticalSpacing="sm"
            highlightOnHover
            aria-label="Products"
            aria-busy={list.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c, i) => (
                  <Table.Th key={c || i} ta={c === 'Price' ? 'right' : undefined}>
                    {c || <VisuallyHidden>Actions</VisuallyHidden>}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending
                ? Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Tr key={i}>
                      <Table.Td colSpan={COLUMNS.length}>
                        <Skeleton h={36} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : products.map((product) => (
                    <ProductRow
                      key={product.id}
                      product={product}
                      lowStockThreshold={threshold}
                      onEdit={() => setEditing({ mode: 'edit', product })}
                      onImages={() => setImagesId(product.id)}
                      onDeactivate={() => setDeactivating(product)}
                      onActivate={() => onActivate(product)}
                      activating={activate.isPending && activate.variables?.id === product.id}
                    />
                  ))}
              {list.isSuccess && products.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text ta="center" c="dimmed" py="lg">
                      {q || category || active !== 'all'
                        ? 'No products match these filters.'
                        : 'No products yet. Create the first with "New product".'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Page {page} of {pages}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            withEdges={false}
          />
        </Group>
      )}

      <ProductFormModal
        opened={editing !== null}
        product={editing?.mode === 'edit' ? editing.product : null}
        onClose={() => setEditing(null)}
      />
      <ProductImagesModal product={imagesProduct} onClose={() => setImagesId(null)} />
      <DeactivateProductModal product={deactivating} onClose={() => setDeactivating(null)} />
    </Stack>
  );
}
