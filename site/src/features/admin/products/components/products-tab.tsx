import { ProductsPanel } from './products-panel';

/** Products tab: create, edit, images, stock, sale, deactivate. */
export function ProductsTab() {
  return <ProductsPanel />;
}
