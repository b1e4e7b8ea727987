import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AdminNavigationProvider,
  type AdminObjectKind,
  useAdminNavigation,
  useAdminOpenHandler,
} from './admin-navigation';
import type { AdminTab } from './types';

/** A tab that shows what it was asked to open; `ready` false makes it wait (its list loading). */
function Panel({
  kind,
  ready,
  opened,
}: {
  kind: AdminObjectKind;
  ready: boolean;
  opened: string[];
}) {
  useAdminOpenHandler(kind, ({ id, view }) => {
    if (!ready) return false;
    opened.push(view ? `${id}:${view}` : id);
  });
  return <p>{`panel ${kind}`}</p>;
}

function Links() {
  const nav = useAdminNavigation();
  return (
    <>
      <p>{`tab ${nav.tab}`}</p>
      <button type="button" onClick={() => nav.open('order', 'o1')}>
        order
      </button>
      <button type="button" onClick={() => nav.open('product', 'p1', { view: 'stock' })}>
        stock
      </button>
      <button type="button" onClick={() => nav.showTab('events')}>
        events
      </button>
    </>
  );
}

function Dashboard({ opened, ready }: { opened: string[]; ready: boolean }) {
  const [tab, setTab] = useState<AdminTab>('events');
  return (
    <AdminNavigationProvider tab={tab} onTab={setTab}>
      <Links />
      {/* Like the Tabs with keepMounted={false}: only the open tab's panel is mounted. */}
      {tab === 'orders' && <Panel kind="order" ready={ready} opened={opened} />}
      {tab === 'products' && <Panel kind="product" ready={ready} opened={opened} />}
    </AdminNavigationProvider>
  );
}

describe('admin navigation', () => {
  it('switches to the object’s tab and hands the request to its panel once', () => {
    const opened: string[] = [];
    render(<Dashboard opened={opened} ready />);
    fireEvent.click(screen.getByRole('button', { name: 'order' }));
    expect(screen.getByText('tab orders')).toBeTruthy();
    expect(screen.getByText('panel order')).toBeTruthy();
    expect(opened).toEqual(['o1']);

    fireEvent.click(screen.getByRole('button', { name: 'stock' }));
    expect(screen.getByText('tab products')).toBeTruthy();
    expect(opened).toEqual(['o1', 'p1:stock']);

    // The same object again is a new request.
    fireEvent.click(screen.getByRole('button', { name: 'order' }));
    expect(opened).toEqual(['o1', 'p1:stock', 'o1']);
  });

  it('keeps the request while the panel says "not yet", and drops it when the tab is left', () => {
    const opened: string[] = [];
    const { rerender } = render(<Dashboard opened={opened} ready={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'order' }));
    expect(opened).toEqual([]);
    act(() => rerender(<Dashboard opened={opened} ready />));
    expect(opened).toEqual(['o1']);

    act(() => rerender(<Dashboard opened={opened} ready={false} />));
    fireEvent.click(screen.getByRole('button', { name: 'order' }));
    fireEvent.click(screen.getByRole('button', { name: 'events' }));
    fireEvent.click(screen.getByRole('button', { name: 'stock' }));
    act(() => rerender(<Dashboard opened={opened} ready />));
    // The order asked for before leaving the Orders tab is not opened later.
    expect(opened).toEqual(['o1', 'p1:stock']);
  });

  it('is inert outside the dashboard', () => {
    render(<Links />);
    fireEvent.click(screen.getByRole('button', { name: 'order' }));
    expect(screen.getByText('tab orders')).toBeTruthy();
  });
});
