import { Container, Stack, Tabs } from '@mantine/core';
import {
  IconCalendarEvent,
  IconFileMusic,
  IconHeadphones,
  IconHistory,
  IconMail,
  IconPackage,
  IconShoppingCart,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, useEffect, useState } from 'react';
import { placeToasts } from '../../lib/toast';
import { AdminProvider } from './admin-context';
import { AuditTab } from './audit/components/audit-tab';
import { AdminHeader } from './components/admin-header';
import { CustomersTab } from './customers/components/customers-tab';
import { EventsTab } from './events/components/events-tab';
import type { AdminHost } from './host';
import { MailAttentionNotice } from './mail/components/mail-attention-notice';
import { MassEmailTab } from './mass-email/components/mass-email-tab';
import { OrdersTab } from './orders/components/orders-tab';
import { ProductsTab } from './products/components/products-tab';
import { ServicesTab } from './services/components/services-tab';
import { SubmissionsTab } from './submissions/components/submissions-tab';
import type { AdminTab } from './types';

// The console's own calls (sign-in, the subscriber import) read error bodies with the site's reader.
export { readApiError } from '../../lib/api-error';
export type { AdminHost } from './host';
export type { AdminTab } from './types';

const TABS: readonly {
  value: AdminTab;
  label: string;
  icon: typeof IconUsers;
  Panel: ComponentType;
}[] = [
  { value: 'orders', label: 'Orders', icon: IconShoppingCart, Panel: OrdersTab },
  { value: 'events', label: 'Events', icon: IconCalendarEvent, Panel: EventsTab },
  { value: 'mass-email', label: 'Mass Email', icon: IconMail, Panel: MassEmailTab },
  { value: 'products', label: 'Products', icon: IconPackage, Panel: ProductsTab },
  { value: 'services', label: 'Services', icon: IconHeadphones, Panel: ServicesTab },
  { value: 'submissions', label: 'Submissions', icon: IconFileMusic, Panel: SubmissionsTab },
  { value: 'customers', label: 'Customers', icon: IconUsers, Panel: CustomersTab },
  { value: 'audit', label: 'Audit', icon: IconHistory, Panel: AuditTab },
];

/**
 * The admin dashboard (spec 2: tabs Orders, Events, Mass Email; and the catalogue tabs). One
 * piece of code, mounted by the site's /admin route and by the desktop console, each with its
 * own `host`. It needs a QueryClientProvider, MantineProvider and Notifications around it.
 */
export function AdminApp({
  host,
  initialTab = 'orders',
}: {
  host: AdminHost;
  initialTab?: AdminTab;
}) {
  const [tab, setTab] = useState<AdminTab>(initialTab);
  // The dashboard's toasts rise from the bottom, clear of its header buttons (decision 038).
  useEffect(() => placeToasts('bottom-right'), []);
  return (
    <AdminProvider host={host} tab={tab} onTab={setTab}>
      <Container size="xl" py="md" className="admin-app">
        <Stack gap="lg">
          <AdminHeader />
          <MailAttentionNotice />
          <Tabs
            value={tab}
            onChange={(v) => v && setTab(v as AdminTab)}
            // Each tab loads its data only while open (spec 7: events only with the Events tab).
            keepMounted={false}
            className="admin-no-print"
          >
            <Tabs.List mb="md">
              {TABS.map(({ value, label, icon: Icon }) => (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map(({ value, Panel }) => (
              <Tabs.Panel key={value} value={value}>
                <Panel />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      </Container>
    </AdminProvider>
  );
}
