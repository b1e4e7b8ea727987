import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { orderMessages } from '@studio/shared/messages/orders';
import { shopMessages } from '@studio/shared/messages/shop';
import { IconExternalLink, IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { ResponsiveImage, smallestJpeg } from '../../../components/ui/responsive-image';
import { toast } from '../../../lib/toast';
import { MAX_LINE_QUANTITY } from '../../cart/cart-store';
import { useCart } from '../../cart/hooks/use-cart';
import type { ShopProduct } from '../api/get-products';
import classes from './product-card.module.css';

/** Served from site/public; shown when a product has no image or its image fails to load. */
export const PRODUCT_PLACEHOLDER_SRC = '/images/product-placeholder.svg';

/** The card's width in the shop's grid: 1 column, 2 from `sm`, 3 in the `lg` container. */
const CARD_SIZES = '(min-width: 75em) 360px, (min-width: 48em) 50vw, 100vw';

/** Spec 2: at most the first 3 tags of a product are shown. */
const MAX_TAGS = 3;

/** Below this, the card warns that few are left. */
const LOW_STOCK = 5;

const CATEGORY_LABELS: Record<ShopProduct['category'], string> = {
  book: 'Book',
  apparel: 'Apparel',
  digital: 'Digital',
};

/** Where a product sold elsewhere is bought, in the words of its button and availability line. */
function partnerStore(product: ShopProduct): { button: string; availability: string } | null {
  const url = product.externalUrl;
  if (!url) return null;
  if (url === product.metadata.barnesNobleUrl && !product.metadata.externalUrl) {
    return { button: 'Buy at Barnes & Noble', availability: 'Available at Barnes & Noble' };
  }
  if (url === product.metadata.shopifyUrl && !product.metadata.externalUrl) {
    return { button: 'Buy on Shopify', availability: 'Available on our Shopify store' };
  }
  return { button: 'Buy now', availability: 'Available from our partner store' };
}

export function ProductCard({ product }: { product: ShopProduct }) {
  const titleId = useId();
  const image = product.images[0];
  const tags = product.metadata.tags.slice(0, MAX_TAGS);
  const partner = partnerStore(product);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
    >
      <Card.Section className={classes.media}>
        <ResponsiveImage
          image={image}
          alt={image?.alt || product.name}
          sizes={CARD_SIZES}
          className={classes.image}
          fallback={
            <img
              src={PRODUCT_PLACEHOLDER_SRC}
              alt={image?.alt || product.name}
              loading="lazy"
              decoding="async"
              className={classes.image}
              data-placeholder
            />
          }
        />
        <Group gap={6} className={classes.mediaBadges}>
          <Badge variant="filled" color="dark" className={classes.categoryBadge}>
            {CATEGORY_LABELS[product.category]}
          </Badge>
          {product.isOnSale && (
            <Badge variant="filled" color="red">
              Sale
            </Badge>
          )}
        </Group>
      </Card.Section>

      <Stack gap="xs" mt="md" className={classes.body}>
        <Title order={3} id={titleId} className={classes.title} lineClamp={2}>
          {product.name}
        </Title>
        {product.description && (
          <Text size="sm" c="dark.1" lineClamp={3}>
            {product.description}
          </Text>
        )}
        {tags.length > 0 && (
          // A list, so a screen reader announces how many tags there are.
          <Group gap={6} role="list" aria-label="Tags">
            {tags.map((tag, i) => (
              <Badge
                // biome-ignore lint/suspicious/noArrayIndexKey: tags may repeat (the schema allows it) and never reorder; the position keeps keys unique.
                key={`${i}:${tag}`}
                role="listitem"
                variant="light"
                color="violet"
                size="sm"
                radius="sm"
              >
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>

      <Group justify="space-between" align="flex-end" mt="md" gap="xs">
        <Price product={product} />
        {partner ? (
          <Text size="xs" c="dark.1">
            {partner.availability}
          </Text>
        ) : (
          <StockState stock={product.stock} />
        )}
      </Group>

      {partner && product.externalUrl ? (
        <Button
          component="a"
          href={product.externalUrl}
          target="_blank"
          rel="noopener noreferrer"
          fullWidth
          mt="md"
          variant="gradient"
          gradient={{ from: 'violet', to: 'cyan' }}
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          {partner.button}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Button>
      ) : (
        <AddToCart product={product} titleId={titleId} />
      )}
    </Card>
  );
}

function Price({ product }: { product: ShopProduct }) {
  if (!product.isOnSale) {
    return (
      <Text fz="xl" fw={800} className={classes.price}>
        {product.currentPriceText}
      </Text>
    );
  }
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text fz="xl" fw={800} c="red.4" className={classes.price}>
        <VisuallyHidden>Sale price </VisuallyHidden>
        {product.currentPriceText}
      </Text>
      <Text component="s" size="sm" c="dark.1">
        <VisuallyHidden>Original price </VisuallyHidden>
        {product.priceText}
      </Text>
      <Badge color="red" variant="light" size="sm">
        {product.discountPercentage}% off
      </Badge>
    </Group>
  );
}

function StockState({ stock }: { stock: number }) {
  const [color, label] =
    stock < 1
      ? ['red', 'Out of stock']
      : stock <= LOW_STOCK
        ? ['orange', `Only ${stock} left`]
        : ['teal', 'In stock'];
  return (
    <Group gap={6} wrap="nowrap" data-stock-state>
      <span className={classes.dot} style={{ background: `var(--mantine-color-${color}-5)` }} />
      <Text size="xs" fw={600} c={`${color}.4`}>
        {label}
      </Text>
    </Group>
  );
}

function AddToCart({ product, titleId }: { product: ShopProduct; titleId: string }) {
  const { items, add } = useCart();
  const inCart = items.find((item) => item.productId === product.id)?.quantity ?? 0;
  const limit = Math.min(product.stock, MAX_LINE_QUANTITY);
  const soldOut = product.stock < 1;
  const full = !soldOut && inCart >= limit;
  // The cap per order, not the stock, is what stops more being added.
  const capped = limit < product.stock;

  const onAdd = () => {
    const { added } = add({
      productId: product.id,
      name: product.name,
      priceCents: product.currentPriceCents,
      imageUrl: smallestJpeg(product.images[0]),
      stock: product.stock,
      category: product.category,
    });
    if (added > 0) toast.success(shopMessages.addedToCart(product.name));
  };

  return (
    <Stack gap={6} mt="md">
      <Button
        fullWidth
        onClick={onAdd}
        disabled={soldOut || full}
        aria-describedby={titleId}
        leftSection={soldOut ? undefined : <IconShoppingCartPlus size={18} aria-hidden />}
      >
        {soldOut
          ? 'Out of stock'
          : full
            ? capped
              ? 'Order limit in cart'
              : 'All available in cart'
            : 'Add to cart'}
      </Button>
      {full && capped && (
        <Text size="xs" c="dark.1" ta="center">
          {orderMessages.perLineCap(limit)}
        </Text>
      )}
      {inCart > 0 && (
        <Text size="xs" c="dark.1" ta="center" aria-live="polite">
          {inCart} in your cart ·{' '}
          <Anchor component={Link} to="/cart" size="xs">
            View cart
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

/** The loading stand-in for a card, the same shape so the grid does not jump. */
export function ProductCardSkeleton() {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      data-testid="product-skeleton"
    >
      <Card.Section className={classes.media}>
        <Skeleton height="100%" radius={0} />
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Skeleton height={22} width="70%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="85%" />
        <Group gap={6}>
          <Skeleton height={18} width={56} radius="sm" />
          <Skeleton height={18} width={64} radius="sm" />
        </Group>
        <Group justify="space-between" mt="xs">
          <Skeleton height={26} width={90} />
          <Skeleton height={14} width={70} />
        </Group>
        <Skeleton height={36} mt="xs" />
      </Stack>
    </Card>
  );
}
