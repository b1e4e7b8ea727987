import { createContext, type ReactNode, use, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminTab } from './types';

/**
 * Admin navigation: switch tab and open one object in it, from anywhere in the dashboard (a
 * customer's orders, an audit entry, a low-stock line). It is React state, not the URL: the
 * desktop console has no routing, and the site's /admin is one route.
 *
 * Opening something:
 *   const nav = useAdminNavigation();
 *   nav.open('order', order.id);                       // Orders tab, the order's detail
 *   nav.open('product', product.id);                   // Products tab, its edit modal
 *   nav.open('product', product.id, { view: 'stock' }); // Products tab, its stock history
 *   nav.open('event' | 'blast' | 'customer' | 'submission', id);
 *   nav.showTab('report-or-any-tab');                  // just a tab
 *
 * Showing it (in the tab that owns the kind, once mounted; the request waits until it is):
 *   useAdminOpenHandler('order', ({ id }) => setOpen({ id }));
 * The handler may return `false` while it cannot show the object yet (its list still loading):
 * it is then asked again after the next render. Anything else marks the request done.
 */

/** Each kind of object the dashboard can open, and the tab that shows it. */
export const ADMIN_OBJECT_TABS = {
  order: 'orders',
  product: 'products',
  event: 'events',
  blast: 'mass-email',
  customer: 'customers',
  submission: 'submissions',
} as const satisfies Record<string, AdminTab>;

export type AdminObjectKind = keyof typeof ADMIN_OBJECT_TABS;

/** How a product opens: its edit modal (the default) or its stock history. */
export type ProductView = 'edit' | 'stock';

export interface AdminOpenOptions {
  /** Products only: which of the product's views opens. */
  view?: ProductView;
}

/** One request to open an object; `seq` tells apart two requests for the same object. */
export interface AdminOpenRequest {
  kind: AdminObjectKind;
  id: string;
  view?: ProductView;
  seq: number;
}

export interface AdminNavigation {
  /** The tab on screen. */
  tab: AdminTab;
  /** Shows a tab (any open request for another kind is dropped). */
  showTab: (tab: AdminTab) => void;
  /** Shows the object's tab and asks it to open the object. */
  open: (kind: AdminObjectKind, id: string, options?: AdminOpenOptions) => void;
}

interface NavigationState extends AdminNavigation {
  request: AdminOpenRequest | null;
  done: (seq: number) => void;
}

const NavigationContext = createContext<NavigationState | null>(null);

/** Holds the open request; the tab state itself stays with AdminApp's Tabs (via AdminProvider). */
export function AdminNavigationProvider({
  tab,
  onTab,
  children,
}: {
  tab: AdminTab;
  onTab: (tab: AdminTab) => void;
  children: ReactNode;
}) {
  const [request, setRequest] = useState<AdminOpenRequest | null>(null);
  const seq = useRef(0);
  // A request is for its own tab: leaving that tab (a click on another) drops it.
  const stale = request !== null && ADMIN_OBJECT_TABS[request.kind] !== tab;
  useEffect(() => {
    if (stale) setRequest(null);
  }, [stale]);
  const value = useMemo<NavigationState>(
    () => ({
      tab,
      request,
      showTab: (next) => {
        setRequest(null);
        onTab(next);
      },
      open: (kind, id, options) => {
        seq.current += 1;
        setRequest({
          kind,
          id,
          seq: seq.current,
          ...(options?.view ? { view: options.view } : {}),
        });
        onTab(ADMIN_OBJECT_TABS[kind]);
      },
      done: (doneSeq) => setRequest((r) => (r?.seq === doneSeq ? null : r)),
    }),
    [tab, onTab, request],
  );
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

/**
 * Tab switching and "open this object", for links between tabs. Outside the dashboard (a unit
 * test rendering one panel) it is inert: `open` and `showTab` do nothing.
 */
export function useAdminNavigation(): AdminNavigation {
  const value = use(NavigationContext);
  return value ?? INERT;
}

const INERT: AdminNavigation = { tab: 'orders', showTab: () => {}, open: () => {} };

/**
 * Called by the tab that shows `kind` when the dashboard is asked to open one: `handler` gets
 * the request once (or again after each render while it returns `false`).
 */
export function useAdminOpenHandler(
  kind: AdminObjectKind,
  handler: (request: AdminOpenRequest) => unknown,
): void {
  const value = use(NavigationContext);
  const latest = useRef(handler);
  latest.current = handler;
  const request = value?.request?.kind === kind ? value.request : null;
  const done = value?.done;
  // The request handled last: React may run an effect twice before `done` lands.
  const handled = useRef(0);
  // No dependency list: a handler that said "not yet" is asked again after the next render.
  useEffect(() => {
    if (!request || !done || handled.current === request.seq) return;
    if (latest.current(request) === false) return;
    handled.current = request.seq;
    done(request.seq);
  });
}
