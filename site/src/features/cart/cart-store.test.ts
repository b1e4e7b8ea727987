import { limits } from '@studio/shared/limits';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CART_STORAGE_KEY,
  type CartProduct,
  createCartStore,
  isDownloadsOnly,
  parseCart,
} from './cart-store';
import { useCart } from './hooks/use-cart';

const mug: CartProduct = { productId: 'p-mug', name: 'Mug', priceCents: 1500, stock: 3 };
const book: CartProduct = {
  productId: 'p-book',
  name: 'Book',
  priceCents: 2499,
  imageUrl: '/api/media/products/x.png',
  stock: 10,
};

function stored(): unknown {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
}

/** What another tab does: write the key, then this tab receives a `storage` event. */
function writeFromOtherTab(value: string | null, key: string | null = CART_STORAGE_KEY) {
  if (key === CART_STORAGE_KEY) {
    if (value === null) localStorage.removeItem(CART_STORAGE_KEY);
    else localStorage.setItem(CART_STORAGE_KEY, value);
  }
  window.dispatchEvent(
    new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }),
  );
}

describe('cart store', () => {
  it('adds a product and keeps it in localStorage under "cart"', () => {
    const cart = createCartStore();
    expect(cart.add(book)).toEqual({ added: 1, quantity: 1 });
    expect(cart.getSnapshot()).toEqual([{ ...book, quantity: 1 }]);
    expect(stored()).toEqual([{ ...book, quantity: 1 }]);
  });

  it('survives a reload: a new store reads what the last one saved', () => {
    createCartStore().add(book, 2);
    expect(createCartStore().getSnapshot()).toEqual([{ ...book, quantity: 2 }]);
  });

  it('increments an existing line, never beyond the stock', () => {
    const cart = createCartStore();
    cart.add(mug);
    expect(cart.add(mug)).toEqual({ added: 1, quantity: 2 });
    expect(cart.add(mug, 5)).toEqual({ added: 1, quantity: 3 });
    expect(cart.add(mug)).toEqual({ added: 0, quantity: 3 });
    expect(cart.getSnapshot()).toHaveLength(1);
    expect(cart.count()).toBe(3);
  });

  it('refuses an out-of-stock product', () => {
    const cart = createCartStore();
    expect(cart.add({ ...mug, stock: 0 })).toEqual({ added: 0, quantity: 0 });
    expect(cart.getSnapshot()).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('takes the latest stock on add and lowers the line to it', () => {
    const cart = createCartStore();
    cart.add(mug, 3);
    expect(cart.add({ ...mug, stock: 2 })).toEqual({ added: 0, quantity: 2 });
    expect(cart.getSnapshot()[0]).toMatchObject({ quantity: 2, stock: 2 });
  });

  it.each([
    [0, 1],
    [-4, 1],
    [2, 2],
    [2.7, 2],
    [3, 3],
    [50, 3],
  ])('setQuantity(%s) keeps the line at %s (within 1..stock)', (asked, kept) => {
    const cart = createCartStore();
    cart.add(mug);
    cart.setQuantity(mug.productId, asked);
    expect(cart.getSnapshot()[0]?.quantity).toBe(kept);
    expect(stored()).toEqual([{ ...mug, quantity: kept }]);
  });

  it('ignores setQuantity for a product not in the cart, and NaN', () => {
    const cart = createCartStore();
    cart.add(mug);
    const before = cart.getSnapshot();
    cart.setQuantity('nope', 2);
    cart.setQuantity(mug.productId, Number.NaN);
    expect(cart.getSnapshot()).toBe(before);
  });

  it('removes one line and clears all, counting quantities', () => {
    const cart = createCartStore();
    cart.add(mug, 2);
    cart.add(book, 4);
    expect(cart.count()).toBe(6);
    cart.remove(mug.productId);
    expect(cart.getSnapshot().map((i) => i.productId)).toEqual([book.productId]);
    expect(cart.count()).toBe(4);
    cart.clear();
    expect(cart.getSnapshot()).toEqual([]);
    expect(stored()).toEqual([]);
    expect(cart.count()).toBe(0);
  });

  it('returns the same snapshot until something changes, and notifies subscribers', () => {
    const cart = createCartStore();
    const listener = vi.fn();
    cart.subscribe(listener);
    const first = cart.getSnapshot();
    expect(cart.getSnapshot()).toBe(first);
    cart.add(mug);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(cart.getSnapshot()).not.toBe(first);
  });
});

describe('parseCart: the stored JSON is never trusted', () => {
  const good = { ...mug, quantity: 1 };

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['not a list', '{"productId":"x"}'],
    ['a number', '42'],
  ])('%s gives an empty cart', (_label, raw) => {
    expect(parseCart(raw)).toEqual([]);
  });

  it('drops bad entries and keeps good ones', () => {
    const raw = JSON.stringify([
      good,
      null,
      'junk',
      { ...book, quantity: 0 },
      { ...book, quantity: 1.5 },
      { ...book, quantity: -1 },
      { ...book, priceCents: '10' },
      { ...book, stock: 0, quantity: 1 },
      { name: 'No id', priceCents: 1, quantity: 1, stock: 1 },
      { ...book, imageUrl: 42, quantity: 1 },
      { ...good, name: 'Duplicate' },
    ]);
    expect(parseCart(raw)).toEqual([good]);
  });

  it('lowers a quantity above the stock to the stock', () => {
    expect(parseCart(JSON.stringify([{ ...mug, quantity: 9 }]))).toEqual([{ ...mug, quantity: 3 }]);
  });

  it("holds at most the API's cap of one product per order, whatever the stock", () => {
    const plenty: CartProduct = { productId: 'p-tee', name: 'Tee', priceCents: 2000, stock: 300 };
    const cart = createCartStore();
    expect(cart.add(plenty, 99)).toEqual({
      added: limits.maxQuantityPerLine,
      quantity: limits.maxQuantityPerLine,
    });
    expect(cart.add(plenty)).toEqual({ added: 0, quantity: limits.maxQuantityPerLine });
    // A stored cart written by an older version with 99 comes back capped.
    expect(parseCart(JSON.stringify([{ ...plenty, quantity: 99 }]))).toEqual([
      { ...plenty, quantity: limits.maxQuantityPerLine },
    ]);
  });

  it('keeps a known category; a line without one, or with an unknown one, counts as physical', () => {
    const pack = { productId: 'p-pack', name: 'Sample Pack', priceCents: 900, stock: 99 };
    const raw = JSON.stringify([
      { ...pack, quantity: 1, category: 'digital' },
      { ...mug, quantity: 1 },
      { ...book, quantity: 1, category: 'vinyl' },
    ]);
    const items = parseCart(raw);
    expect(items).toEqual([
      { ...pack, quantity: 1, category: 'digital' },
      { ...mug, quantity: 1 },
      { ...book, quantity: 1 },
    ]);
    expect(isDownloadsOnly(items)).toBe(false);
    expect(isDownloadsOnly(items.slice(0, 1))).toBe(true);
    // An old cart's digital product, stored before the category was kept, still asks an address.
    expect(isDownloadsOnly(parseCart(JSON.stringify([{ ...pack, quantity: 1 }])))).toBe(false);
    expect(isDownloadsOnly([])).toBe(false);
  });

  it("the shop's add stores the category, so a reload still knows a download", () => {
    createCartStore().add({ ...book, category: 'digital' });
    expect(stored()).toEqual([{ ...book, category: 'digital', quantity: 1 }]);
    expect(isDownloadsOnly(createCartStore().getSnapshot())).toBe(true);
  });

  it('a store started on a corrupt value starts empty and can still be used', () => {
    localStorage.setItem(CART_STORAGE_KEY, '[{"productId":1}]');
    const cart = createCartStore();
    expect(cart.getSnapshot()).toEqual([]);
    cart.add(mug);
    expect(stored()).toEqual([good]);
  });
});

describe('two tabs agree (storage event)', () => {
  it("takes the other tab's cart and tells subscribers", () => {
    const cart = createCartStore();
    const listener = vi.fn();
    const unsubscribe = cart.subscribe(listener);
    writeFromOtherTab(JSON.stringify([{ ...book, quantity: 2 }]));
    expect(cart.getSnapshot()).toEqual([{ ...book, quantity: 2 }]);
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab cleared all of localStorage.
    localStorage.clear();
    writeFromOtherTab(null, null);
    expect(cart.getSnapshot()).toEqual([]);
    unsubscribe();
  });

  it('ignores other keys', () => {
    const cart = createCartStore();
    cart.add(mug);
    const listener = vi.fn();
    cart.subscribe(listener);
    writeFromOtherTab('x', 'token');
    expect(listener).not.toHaveBeenCalled();
    expect(cart.getSnapshot()).toEqual([{ ...mug, quantity: 1 }]);
  });

  it('validates what the other tab wrote', () => {
    const cart = createCartStore();
    cart.subscribe(() => {});
    writeFromOtherTab('[{"productId":"p","quantity":"lots"}]');
    expect(cart.getSnapshot()).toEqual([]);
  });
});

describe('useCart', () => {
  it('re-renders on add, on quantity change and on a change from another tab', () => {
    const cart = createCartStore();
    const { result } = renderHook(() => useCart(cart));
    expect(result.current.count).toBe(0);

    act(() => {
      result.current.add(mug);
      result.current.add(book);
    });
    expect(result.current.items.map((i) => i.name)).toEqual(['Mug', 'Book']);
    expect(result.current.count).toBe(2);

    act(() => result.current.setQuantity(book.productId, 4));
    expect(result.current.count).toBe(5);

    act(() => writeFromOtherTab(JSON.stringify([{ ...mug, quantity: 3 }])));
    expect(result.current.items).toEqual([{ ...mug, quantity: 3 }]);
    expect(result.current.count).toBe(3);
  });
});
