import { useSyncExternalStore } from 'react';
import { type CartItem, type CartStore, cartStore } from '../cart-store';

export interface UseCart {
  items: CartItem[];
  /** Total quantity across lines. */
  count: number;
  add: CartStore['add'];
  setQuantity: CartStore['setQuantity'];
  remove: CartStore['remove'];
  clear: CartStore['clear'];
}

// The pre-rendered HTML has an empty cart; hydration starts from it, then reads the stored one.
const NO_ITEMS: CartItem[] = [];
const serverSnapshot = () => NO_ITEMS;

/** The cart, re-rendering when it changes here or in another tab. */
export function useCart(store: CartStore = cartStore()): UseCart {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  return {
    items,
    count: items.reduce((sum, item) => sum + item.quantity, 0),
    add: store.add,
    setQuantity: store.setQuantity,
    remove: store.remove,
    clear: store.clear,
  };
}
