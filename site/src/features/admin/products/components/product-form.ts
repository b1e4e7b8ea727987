import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import { downloadLimits } from '@studio/shared/downloads';
import { productCreateSchema } from '@studio/shared/schemas/admin';
import type { ProductCategory } from '@studio/shared/schemas/catalog';
import type { ProductCreateBody } from '../api/create-product';
import type { AdminProduct } from '../api/list-products';
import type { ProductUpdateBody } from '../api/update-product';

/** The product form: the API's fields, with the sale as a switch plus a discount percentage. */
export interface ProductFormValues {
  sku: string;
  name: string;
  description: string;
  category: ProductCategory | '';
  priceCents: number | '';
  onSale: boolean;
  discountPercentage: number | '';
  stock: number | '';
  isActive: boolean;
  tags: string[];
  metadata: {
    type: 'book' | 'shopify' | '';
    barnesNobleUrl: string;
    shopifyUrl: string;
    externalUrl: string;
  };
  /** A digital product's downloads of each file per order; empty: no limit. */
  downloadLimit: number | '';
  /** A digital product's days of access from payment; empty: access never ends. */
  downloadDays: number | '';
}

export const emptyProductForm: ProductFormValues = {
  sku: '',
  name: '',
  description: '',
  category: '',
  priceCents: '',
  onSale: false,
  discountPercentage: '',
  stock: 0,
  isActive: true,
  tags: [],
  metadata: { type: '', barnesNobleUrl: '', shopifyUrl: '', externalUrl: '' },
  downloadLimit: downloadLimits.defaultDownloadLimit,
  downloadDays: downloadLimits.defaultDownloadDays,
};

export function productFormValues(product: AdminProduct): ProductFormValues {
  const meta = product.metadata;
  return {
    sku: product.sku,
    name: product.name,
    description: product.description,
    category: product.category,
    priceCents: product.priceCents,
    onSale: product.isOnSale,
    discountPercentage: product.isOnSale ? product.discountPercentage : '',
    stock: product.stock,
    isActive: product.isActive,
    tags: [...(meta.tags ?? [])],
    metadata: {
      type: meta.type ?? '',
      barnesNobleUrl: meta.barnesNobleUrl ?? '',
      shopifyUrl: meta.shopifyUrl ?? '',
      externalUrl: meta.externalUrl ?? '',
    },
    // The API answers null for a product that is not digital: made digital, it starts from the
    // defaults rather than from "no limit".
    ...(product.category === 'digital'
      ? { downloadLimit: product.downloadLimit ?? '', downloadDays: product.downloadDays ?? '' }
      : {
          downloadLimit: downloadLimits.defaultDownloadLimit,
          downloadDays: downloadLimits.defaultDownloadDays,
        }),
  };
}

/** A sale price from a price and a discount, rounded as the API rounds it. */
export function salePriceCents(priceCents: number, discountPercentage: number): number {
  return Math.round((priceCents * (100 - discountPercentage)) / 100);
}

/** The fields every save sends, in the shape of the shared schema. */
function commonFields(values: ProductFormValues) {
  return {
    sku: values.sku,
    name: values.name,
    description: values.description,
    // '' fails the schema's enum with its own message ('Choose book, apparel or digital').
    category: values.category as ProductCategory,
    priceCents: values.priceCents === '' ? 0 : values.priceCents,
    stock: values.stock === '' ? 0 : values.stock,
    isActive: values.isActive,
    tags: values.tags,
    metadata: {
      ...(values.metadata.type ? { type: values.metadata.type } : {}),
      // '' is how the API clears a link (the schema turns it into undefined).
      barnesNobleUrl: values.metadata.barnesNobleUrl.trim(),
      shopifyUrl: values.metadata.shopifyUrl.trim(),
      externalUrl: values.metadata.externalUrl.trim(),
    },
    // Only a digital product's limits are sent: other products keep theirs unseen.
    ...(values.category === 'digital'
      ? {
          downloadLimit: values.downloadLimit === '' ? null : values.downloadLimit,
          downloadDays: values.downloadDays === '' ? null : values.downloadDays,
        }
      : {}),
  };
}

const discountOf = (values: ProductFormValues) =>
  values.onSale && values.discountPercentage !== '' ? values.discountPercentage : null;

export function createBody(values: ProductFormValues): ProductCreateBody {
  const discount = discountOf(values);
  return {
    ...commonFields(values),
    ...(discount === null ? {} : { discountPercentage: discount }),
  };
}

/**
 * The update: every field, and the sale only when it changed. An unchanged sale is not sent,
 * so the exact sale price stays as it is (a percentage is rounded); a new price re-applies the
 * percentage shown, which is what the admin sees in the form.
 */
export function updateBody(values: ProductFormValues, before: AdminProduct): ProductUpdateBody {
  const body: ProductUpdateBody = commonFields(values);
  const discount = discountOf(values);
  if (discount === null) {
    if (before.isOnSale) body.discountPercentage = null;
  } else if (
    !before.isOnSale ||
    discount !== before.discountPercentage ||
    values.priceCents !== before.priceCents
  ) {
    body.discountPercentage = discount;
  }
  return body;
}

const schemaErrors = schemaResolver(productCreateSchema, { sync: true });

/**
 * The shared schema's messages for what the API would refuse, plus the checks of the form's own
 * controls: an empty price box (the schema would read it as $0.00) and a sale with no discount.
 */
export function validateProductForm(values: ProductFormValues): FormErrors {
  const errors = schemaErrors(createBody(values));
  if (values.priceCents === '') errors.priceCents = 'Price is required';
  if (values.stock === '') errors.stock = 'Stock is required';
  if (values.onSale) {
    const d = values.discountPercentage;
    if (d === '' || d < 1 || d > 99) errors.discountPercentage = 'Enter a discount from 1 to 99%';
    else if (
      typeof values.priceCents === 'number' &&
      salePriceCents(values.priceCents, d) >= values.priceCents
    )
      errors.discountPercentage = 'The sale price must be below the price';
  }
  return errors;
}

/** Moves a server issue's path onto the form field that shows it. */
export function formPathOfIssue(path: string): string {
  if (path === 'salePriceCents') return 'discountPercentage';
  if (path.startsWith('tags.')) return 'tags';
  return path;
}
