import {
  Box,
  Button,
  Center,
  Container,
  EmptyState,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { shopMessages } from '@studio/shared/messages/shop';
import {
  IconBook,
  IconBoxOff,
  IconDownload,
  IconLayoutGrid,
  IconRefresh,
  IconShirt,
  IconWifiOff,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type ShopFilter, useProducts } from '../api/get-products';
import { ProductCard, ProductCardSkeleton } from './product-card';
import classes from './shop-section.module.css';

const TABS: { value: ShopFilter; label: string; icon: ReactNode }[] = [
  { value: 'all', label: 'All Products', icon: <IconLayoutGrid size={16} aria-hidden /> },
  { value: 'book', label: 'Books', icon: <IconBook size={16} aria-hidden /> },
  { value: 'apparel', label: 'Apparel', icon: <IconShirt size={16} aria-hidden /> },
  { value: 'digital', label: 'Digital', icon: <IconDownload size={16} aria-hidden /> },
];

/** Spec 2: loading shows 3 placeholder cards. */
const SKELETON_CARDS = 3;

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/**
 * The landing page's shop (anchor `shop`): category tabs, each asking the API for its own
 * category, so a tab shows exactly what the server lists as active in it.
 */
export function ShopSection() {
  const [filter, setFilter] = useState<ShopFilter>('all');
  return (
    <Box component="section" id="shop" aria-labelledby="shop-title" className={classes.section}>
      <Container size="lg">
        <Stack align="center" gap="xs" ta="center" mb="xl">
          <Text className={classes.eyebrow}>Books · Apparel · Digital</Text>
          <Title order={2} id="shop-title" className={classes.heading}>
            Shop
          </Title>
          <Text c="dark.1" maw={560}>
            Take the studio home: books, apparel and sound packs made by the people behind the mix.
          </Text>
        </Stack>
        <Tabs
          value={filter}
          onChange={(value) => setFilter((value as ShopFilter | null) ?? 'all')}
          variant="pills"
          radius="xl"
          classNames={{ tab: classes.tab, tabLabel: classes.tabLabel }}
          // Only the open tab's panel is mounted, so only its category is fetched.
          keepMounted={false}
        >
          <Tabs.List justify="center" className={classes.tabs} aria-label="Product categories">
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value} pt="xl">
              <ProductGrid filter={tab.value} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </Box>
  );
}

function ProductGrid({ filter }: { filter: ShopFilter }) {
  const query = useProducts(filter);

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <VisuallyHidden role="status">Loading products</VisuallyHidden>
        <SimpleGrid cols={GRID_COLS} spacing="lg">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
            <ProductCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <EmptyState
        role="alert"
        variant="light"
        color="red"
        icon={<IconWifiOff size={28} aria-hidden />}
        title={shopMessages.loadFailed}
        description={shopMessages.checkConnection}
        className={classes.notice}
        classNames={{ description: classes.noticeText }}
      >
        <EmptyState.Actions>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={query.isRefetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  if (products.length === 0) {
    return (
      <EmptyState
        withIndicatorBackground
        icon={<IconBoxOff size={28} aria-hidden />}
        title={shopMessages.noProducts}
        description="Nothing here yet. New items are on the way, so check back soon."
        className={classes.notice}
        classNames={{ description: classes.noticeText }}
      />
    );
  }

  return (
    <Stack gap="xl">
      <SimpleGrid cols={GRID_COLS} spacing="lg">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </SimpleGrid>
      {query.hasNextPage && (
        <Center>
          <Stack align="center" gap="xs">
            <Button
              variant="default"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show more products
            </Button>
            {query.isFetchNextPageError && (
              <Text size="sm" c="red.4" role="alert">
                {shopMessages.loadFailed}
              </Text>
            )}
          </Stack>
        </Center>
      )}
    </Stack>
  );
}
