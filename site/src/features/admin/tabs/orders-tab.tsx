/** Orders tab: stat cards, the orders table, detail and shipping modals. */
export function OrdersTab() {
  return null;
}
