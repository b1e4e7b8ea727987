import { CustomersPanel } from './customers-panel';

/** Customers tab: accounts with their orders and spend, a customer's page, admin roles. */
export function CustomersTab() {
  return <CustomersPanel />;
}
