import { ProductsPanel } from '../products/components/products-panel';

/** Products tab: create, edit, images, stock, sale, deactivate. */
export function ProductsTab() {
  return <ProductsPanel />;
}
