import {
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { httpMessages } from '@studio/shared/messages/http';
import { shopMessages } from '@studio/shared/messages/shop';
import type { ProductCategory } from '@studio/shared/schemas/catalog';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { useAdminApi } from '../../admin-context';
import { useAdminOpenHandler } from '../../admin-navigation';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { AdminTable, ListError, TablePager } from '../../components/admin-table';
import { getAdminProduct } from '../api/get-product';
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
import { StockHistoryModal } from './stock-history-modal';

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
  const [historyId, setHistoryId] = useState<string | null>(null);
  // Opened from another tab (admin navigation): the product's edit modal, or its stock history
  // (the dashboard's low-stock list).
  const api = useAdminApi();
  useAdminOpenHandler('product', ({ id, view }) => {
    if (view === 'stock') {
      setHistoryId(id);
      return;
    }
    getAdminProduct(api, id).then(
      (product) => setEditing({ mode: 'edit', product }),
      (e: unknown) => toast.error(errorMessage(e, shopMessages.productLoadFailed), ADMIN_TOAST),
    );
  });

  const products = list.data?.products ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
  // The modal follows the list, so an upload or removal shows as soon as the API answers.
  const imagesProduct = imagesId ? (products.find((p) => p.id === imagesId) ?? null) : null;

  const onActivate = (product: AdminProduct) =>
    activate.mutate(
      { id: product.id, body: { isActive: true } },
      {
        onSuccess: () => toast.success(shopMessages.activated(product.name), ADMIN_TOAST),
        onError: (e) => toast.error(errorMessage(e, shopMessages.activateFailed), ADMIN_TOAST),
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
        <ListError
          title={shopMessages.listFailed}
          message={errorMessage(list.error, httpMessages.tryAgain)}
          onRetry={() => void list.refetch()}
        />
      )}

      <AdminTable
        label="Products"
        columns={COLUMNS}
        rightAligned={['Price']}
        minWidth={1000}
        busy={list.isFetching}
        loading={list.isPending}
        skeletonHeight={36}
        empty={
          list.isSuccess && products.length === 0
            ? q || category || active !== 'all'
              ? 'No products match these filters.'
              : 'No products yet. Create the first with "New product".'
            : null
        }
      >
        {products.map((product) => (
          <ProductRow
            key={product.id}
            product={product}
            lowStockThreshold={threshold}
            onEdit={() => setEditing({ mode: 'edit', product })}
            onImages={() => setImagesId(product.id)}
            onHistory={() => setHistoryId(product.id)}
            onDeactivate={() => setDeactivating(product)}
            onActivate={() => onActivate(product)}
            activating={activate.isPending && activate.variables?.id === product.id}
          />
        ))}
      </AdminTable>

      <TablePager page={page} pages={pages} onChange={setPage} />

      <ProductFormModal
        opened={editing !== null}
        product={editing?.mode === 'edit' ? editing.product : null}
        onClose={() => setEditing(null)}
        onCreated={(product) => setEditing({ mode: 'edit', product })}
      />
      <ProductImagesModal product={imagesProduct} onClose={() => setImagesId(null)} />
      <DeactivateProductModal product={deactivating} onClose={() => setDeactivating(null)} />
      <StockHistoryModal productId={historyId} onClose={() => setHistoryId(null)} />
    </Stack>
  );
}
