import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { downloadMessages } from '@studio/shared/messages/downloads';
import type { DownloadGrantAnswer } from '@studio/shared/schemas/downloads';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { AdminProvider } from '../../admin-context';
import type { AdminHost } from '../../host';
import { OrderGrants } from './order-grants';

const host: AdminHost = {
  kind: 'browser',
  apiBase: 'http://api.test',
  token: () => 'admin-token',
  adminName: () => 'Ada',
  logout: async () => {},
  sessionExpired: () => {},
  adminRoleLost: () => {},
  printReport: async () => {},
  pickTextFile: async () => null,
  saveExport: async () => ({ outcome: 'cancelled' }),
};

const ORDER_ID = '0b8f6f7e-3c1a-4d8e-9f00-1a2b3c4d5e6f';

const grant = (over: Partial<DownloadGrantAnswer> = {}): DownloadGrantAnswer => ({
  id: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  productId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  productName: 'Cinematic Impacts',
  status: 'active',
  usable: true,
  expiresAt: '2026-12-27T10:00:00.000Z',
  downloadLimit: 5,
  grantedAt: '2026-11-27T10:00:00.000Z',
  files: [
    {
      id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
      name: 'impacts-wav.zip',
      sizeBytes: 1_500_000_000,
      downloadsUsed: 2,
      lastDownloadAt: '2026-11-28T09:30:00.000Z',
      lastDownloadIp: '203.0.113.7',
    },
    {
      id: '2f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
      name: 'impacts-manual.pdf',
      sizeBytes: 820_000,
      downloadsUsed: 0,
      lastDownloadAt: null,
      lastDownloadIp: null,
    },
  ],
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderGrants(grants: DownloadGrantAnswer[]) {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <AdminProvider host={host}>
          <OrderGrants orderId={ORDER_ID} grants={grants} />
        </AdminProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

describe("the order's downloads", () => {
  it('shows each grant and what each file was downloaded', () => {
    renderGrants([grant()]);
    const card = screen.getByRole('article', { name: 'Cinematic Impacts' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Usable now')).toBeTruthy();
    expect(card.textContent).toContain('Limit: 5 downloads per file');
    const big = within(card).getByRole('listitem', { name: 'impacts-wav.zip' });
    expect(big.textContent).toContain('1.5 GB');
    expect(big.textContent).toContain('2 of 5 downloads used');
    expect(big.textContent).toMatch(/Last .* from 203\.0\.113\.7/);
    const manual = within(card).getByRole('listitem', { name: 'impacts-manual.pdf' });
    expect(manual.textContent).toContain('0 of 5 downloads used · Not downloaded yet');
  });

  it('says when access never ends and has no limit, and a revoked grant is not usable', () => {
    renderGrants([
      grant({ status: 'revoked', usable: false, expiresAt: null, downloadLimit: null }),
    ]);
    const card = screen.getByRole('article', { name: 'Cinematic Impacts' });
    expect(within(card).getByText('Revoked')).toBeTruthy();
    expect(within(card).getByText('Not usable')).toBeTruthy();
    expect(card.textContent).toContain('Ends: Never');
    expect(card.textContent).toContain('Limit: No limit');
    expect(card.textContent).toContain('2 downloads, no limit');
  });

  it("grants again and shows the API's refusal for a refunded order", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(409, { message: downloadMessages.grantRefunded, code: 'CONFLICT' }));
    renderGrants([grant()]);
    fireEvent.click(screen.getByRole('button', { name: 'Grant again: Cinematic Impacts' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(downloadMessages.grantRefunded);
    const [input, init] = fetch.mock.calls[0] ?? [];
    const url = input instanceof Request ? input.url : String(input);
    expect(url).toBe(`http://api.test/api/admin/orders/${ORDER_ID}/grants/${grant().id}/renew`);
    expect(input instanceof Request ? input.method : init?.method).toBe('POST');
  });
});
