import { formatUsd } from '@studio/shared/money';
import type { Product } from '../../db/schema/products.ts';

/**
 * A product with the spec's fields (`_id`, price, currentPrice, isOnSale, discountPercentage,
 * isActive, category, images, metadata with tags) plus stock. Money is integer cents with
 * display text; `_id` repeats `id` because the spec's shapes name it so.
 */
export function presentProduct(product: Product) {
  const current = product.salePriceCents ?? product.priceCents;
  const isOnSale = product.salePriceCents !== null;
  const discountPercentage =
    isOnSale && product.priceCents > 0
      ? Math.round(((product.priceCents - current) * 100) / product.priceCents)
      : 0;
  return {
    id: product.id,
    _id: product.id,
    sku: product.sku,
    name: product.name,
    description: product.description,
    category: product.category,
    priceCents: product.priceCents,
    currentPriceCents: current,
    priceText: formatUsd(product.priceCents),
    currentPriceText: formatUsd(current),
    isOnSale,
    discountPercentage,
    isActive: product.isActive,
    stock: product.stock,
    inStock: product.stock > 0,
    images: product.images,
    metadata: { ...product.metadata, tags: product.tags },
    /** Bought on another shop (Barnes & Noble, Shopify, ...) rather than here. */
    externalUrl:
      product.metadata.externalUrl ??
      product.metadata.shopifyUrl ??
      product.metadata.barnesNobleUrl ??
      null,
    downloadLimit: product.category === 'digital' ? product.downloadLimit : null,
    downloadDays: product.category === 'digital' ? product.downloadDays : null,
  };
}

export type PublicProduct = ReturnType<typeof presentProduct>;
