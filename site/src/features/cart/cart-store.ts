import { limits } from '@studio/shared/limits';
import type { ProductCategory } from '@studio/shared/schemas/catalog';

/** The localStorage key; kept across visits, and shared by every tab of the site. */
export const CART_STORAGE_KEY = 'cart';

/** The API's cap on one product per order, so the cart never holds what checkout refuses. */
export const MAX_LINE_QUANTITY = limits.maxQuantityPerLine;

export interface CartItem {
  productId: string;
  name: string;
  /** For display only: checkout asks the server, which is the price authority. */
  priceCents: number;
  imageUrl?: string;
  quantity: number;
  stock: number;
  /**
   * The product's category, as the shop listed it: a cart of digital lines only needs no
   * address. Carts stored before it was kept lack it, and those lines count as physical.
   */
  category?: ProductCategory;
}

const CATEGORIES: readonly string[] = ['book', 'apparel', 'digital'] satisfies ProductCategory[];

const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= max;
const isWhole = (v: unknown, min: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min;

/**
 * One stored line, checked by hand rather than with zod: the cart loads on the landing page,
 * whose JavaScript budget has no room for a schema library.
 */
function parseItem(entry: unknown): CartItem | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const e = entry as Record<string, unknown>;
  if (!isText(e.productId, 100) || !isText(e.name, 200)) return null;
  if (!isWhole(e.priceCents, 0) || !isWhole(e.quantity, 1) || !isWhole(e.stock, 1)) return null;
  if (e.imageUrl !== undefined && !(typeof e.imageUrl === 'string' && e.imageUrl.length <= 500)) {
    return null;
  }
  return {
    productId: e.productId,
    name: e.name,
    priceCents: e.priceCents,
    ...(e.imageUrl !== undefined ? { imageUrl: e.imageUrl as string } : {}),
    quantity: e.quantity,
    stock: e.stock,
    // An unknown category is dropped, not the line: it then counts as physical.
    ...(typeof e.category === 'string' && CATEGORIES.includes(e.category)
      ? { category: e.category as ProductCategory }
      : {}),
  };
}

/** Whether every line is a download (and there is a line): checkout then asks no address. */
export function isDownloadsOnly(items: readonly CartItem[]): boolean {
  return items.length > 0 && items.every((item) => item.category === 'digital');
}
export type CartProduct = Omit<CartItem, 'quantity'>;

function limitOf(item: { stock: number }): number {
  return Math.min(item.stock, MAX_LINE_QUANTITY);
}

/**
 * The stored cart, trusting nothing: anyone (another version of the site, an extension, the
 * visitor) may have written that key. Bad entries and repeated products are dropped one by
 * one, so one broken line does not empty the whole cart.
 */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of data) {
    const item = parseItem(entry);
    if (!item || seen.has(item.productId)) continue;
    seen.add(item.productId);
    items.push({ ...item, quantity: Math.min(item.quantity, limitOf(item)) });
  }
  return items;
}

export interface AddResult {
  /** How many were actually added (0 when the line already holds all the stock). */
  added: number;
  quantity: number;
}

type Listener = () => void;

/**
 * The shopping cart, outside React so any page (shop cards, /cart, checkout) reads the same one.
 * `getSnapshot` returns the same array until something changes, as useSyncExternalStore needs.
 */
export function createCartStore(storage: Storage = window.localStorage) {
  let items = parseCart(safeRead(storage));
  const listeners = new Set<Listener>();

  function emit() {
    for (const listener of listeners) listener();
  }

  function commit(next: CartItem[]) {
    items = next;
    try {
      storage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked (private mode): the cart still works for this page view.
    }
    emit();
  }

  // Another tab changed the cart (or cleared storage: key null): take its version.
  function onStorage(event: StorageEvent) {
    if (event.storageArea !== storage) return;
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    items = parseCart(safeRead(storage));
    emit();
  }

  return {
    getSnapshot: (): CartItem[] => items,
    subscribe(listener: Listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    /** Total quantity, as a cart badge shows it. */
    count: (): number => items.reduce((sum, item) => sum + item.quantity, 0),

    /** Adds `quantity` (default 1), never beyond the stock; refreshes the stored name, price and stock. */
    add(product: CartProduct, quantity = 1): AddResult {
      const existing = items.find((item) => item.productId === product.productId);
      const limit = limitOf(product);
      const current = Math.min(existing?.quantity ?? 0, limit);
      const next = Math.min(current + Math.max(0, Math.trunc(quantity)), limit);
      if (limit < 1 || next < 1) return { added: 0, quantity: current };
      const line: CartItem = { ...product, quantity: next };
      commit(
        existing
          ? items.map((item) => (item.productId === product.productId ? line : item))
          : [...items, line],
      );
      return { added: Math.max(0, next - (existing?.quantity ?? 0)), quantity: next };
    },

    /** Sets a line's quantity, kept within 1..stock; an unknown product is ignored. */
    setQuantity(productId: string, quantity: number) {
      const existing = items.find((item) => item.productId === productId);
      if (!existing || !Number.isFinite(quantity)) return;
      const next = Math.min(Math.max(1, Math.trunc(quantity)), limitOf(existing));
      if (next === existing.quantity) return;
      commit(
        items.map((item) => (item.productId === productId ? { ...item, quantity: next } : item)),
      );
    },

    remove(productId: string) {
      if (!items.some((item) => item.productId === productId)) return;
      commit(items.filter((item) => item.productId !== productId));
    },

    clear() {
      commit([]);
    },
  };
}

function safeRead(storage: Storage): string | null {
  try {
    return storage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

export type CartStore = ReturnType<typeof createCartStore>;

let shared: CartStore | undefined;

/** The one cart of this page, created on first use (never at import, so tests start clean). */
export function cartStore(): CartStore {
  // Pre-rendering at build time (Node) has no storage: an empty cart that keeps nothing.
  shared ??= typeof window === 'undefined' ? createCartStore(noStorage) : createCartStore();
  return shared;
}

const noStorage: Storage = {
  length: 0,
  clear: () => {},
  getItem: () => null,
  key: () => null,
  removeItem: () => {},
  setItem: () => {},
};
