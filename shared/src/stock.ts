/**
 * Why a product's stock moved (decision 037). A checkout's hold is the sale: stock leaves when
 * the order is placed, not when it is paid, so paying records nothing; `release` gives a hold
 * back (its time ran out, or the order was cancelled), `reserve_again` takes it again when an
 * admin re-opens a cancelled order, `admin_edit` is the stock set in the product form,
 * `refund_restock` returns a refunded order's goods on request, `initial` is a new product's
 * stock (or what a product held when the history began).
 */
export const stockCauses = [
  'sale',
  'release',
  'reserve_again',
  'admin_edit',
  'refund_restock',
  'initial',
] as const;
export type StockCause = (typeof stockCauses)[number];

/** How a cause reads in the admin's stock history. */
export const stockCauseLabels: Record<StockCause, string> = {
  sale: 'Sold (order placed)',
  release: 'Released (order cancelled or unpaid)',
  reserve_again: 'Reserved again (order re-opened)',
  admin_edit: 'Set by an admin',
  refund_restock: 'Restocked on refund',
  initial: 'Initial stock',
};
