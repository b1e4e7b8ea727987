/** Products tab: create, edit, images, stock, sale, deactivate. */
export function ProductsTab() {
  return null;
}
