import type { createClient } from '@studio/api/client';

/** The dashboard's tabs (spec 2: Orders, Events, Mass Email; and the catalogue tabs), in order. */
export type AdminTab =
  | 'orders'
  | 'events'
  | 'mass-email'
  | 'products'
  | 'services'
  | 'submissions'
  | 'customers'
  | 'audit';

/** The typed API client the dashboard calls with (the host's API origin and token). */
export type AdminApi = ReturnType<typeof createClient>;
