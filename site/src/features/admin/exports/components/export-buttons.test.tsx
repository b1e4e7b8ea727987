import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { AdminProvider } from '../../admin-context';
import type { AdminHost, ExportOutcome, ExportRequest } from '../../host';
import { ExportButton, OrdersExportMenu } from './export-buttons';

function hostThat(answer: (request: ExportRequest) => Promise<ExportOutcome>) {
  const host: AdminHost = {
    kind: 'desktop',
    apiBase: 'http://api.test',
    token: () => 'admin-token',
    adminName: () => 'Ada',
    logout: async () => {},
    sessionExpired: vi.fn(),
    adminRoleLost: vi.fn(),
    printReport: async () => {},
    pickTextFile: async () => null,
    saveExport: vi.fn(answer),
  };
  return host;
}

function renderWith(host: AdminHost, ui: React.ReactNode) {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <AdminProvider host={host}>{ui}</AdminProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

describe('the export buttons', () => {
  it('hand the Orders tab’s filter to the host, for orders or their lines', async () => {
    const host = hostThat(async () => ({ outcome: 'saved', path: '/home/ada/o.csv', bytes: 9 }));
    renderWith(host, <OrdersExportMenu query={{ status: 'paid', q: 'zoë' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Order lines, one row per item' }));
    await screen.findByText('Order lines saved to /home/ada/o.csv');
    expect(host.saveExport).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'order-lines', query: { status: 'paid', q: 'zoë' } }),
    );
  });

  it('asks the API for a signed link when the host follows one (the browser)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ url: '/api/downloads/exports/submissions?token=t' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    let followed = '';
    const host = hostThat(async ({ link }) => {
      followed = await link();
      return { outcome: 'started' };
    });
    renderWith(
      host,
      <ExportButton choice={{ kind: 'submissions', query: { paymentState: 'paid' } }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Submissions export downloading');
    expect(followed).toBe('http://api.test/api/downloads/exports/submissions?token=t');
    const [input, init] = fetch.mock.calls[0] ?? [];
    const request = input instanceof Request ? input : new Request(String(input), init);
    expect(new URL(request.url).pathname).toBe('/api/admin/exports/links');
    expect(await request.json()).toEqual({ kind: 'submissions', paymentState: 'paid' });
  });

  it('say nothing when the admin cancels the save dialog', async () => {
    const host = hostThat(async () => ({ outcome: 'cancelled' }));
    renderWith(
      host,
      <ExportButton choice={{ kind: 'subscribers', query: {} }} label="Export subscribers" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export subscribers' }));
    await waitFor(() => expect(host.saveExport).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export subscribers' }).dataset.loading).toBe(
        undefined,
      ),
    );
    expect(screen.queryByText(/saved|downloading|could not/)).toBeNull();
  });

  it('show the failure, and end the session on a 401', async () => {
    const host = hostThat(async () => ({
      outcome: 'failed',
      status: 401,
      message: 'Your session has expired',
    }));
    renderWith(host, <ExportButton choice={{ kind: 'subscribers', query: {} }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Your session has expired');
    screen.getByText('The export could not be downloaded');
    expect(host.sessionExpired).toHaveBeenCalledOnce();
  });
});
