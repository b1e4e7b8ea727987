import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/components/cart-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/cart')({
  head: titleHead('Cart'),
  component: CartPage,
});
