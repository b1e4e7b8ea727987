import { MantineProvider } from '@mantine/core';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { business } from '../../../config/business';
import { createQueryClient } from '../../../lib/query-client';
import type { MyOrder } from '../api/get-my-order';
import { formatOrderDate } from '../order-format';
import { OrderDownloads } from './order-downloads';

const ORDER_ID = '3f1c2a9e-6f4b-4c1e-9b7a-1d2e3f4a5b6c';
const FILE_ID = '7a1c2a9e-6f4b-4c1e-9b7a-1d2e3f4a5b6c';
const file = {
  id: FILE_ID,
  name: 'Cinematic Impacts Vol 1.zip',
  sizeBytes: 1_480_000_000,
  downloadsUsed: 2,
  downloadsLeft: 3,
  lastDownloadAt: null,
};
type Line = MyOrder['downloads'][number];
const line = (over: Partial<Line>): Line => ({
  productId: 'a1c2a9e6-6f4b-4c1e-9b7a-1d2e3f4a5b6c',
  productName: 'Cinematic Impacts',
  state: 'ready',
  expiresAt: '2026-07-01T12:00:00.000Z',
  downloadLimit: 5,
  files: [file],
  ...over,
});

function renderFiles(downloads: Line[]) {
  const order = { id: ORDER_ID, hasDownloads: true, downloads } as MyOrder;
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <OrderDownloads order={order} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Your files', () => {
  it('ready: until when, and per file its size, the downloads left and a named button', () => {
    renderFiles([line({})]);
    expect(
      screen.getByText(
        `${m.filesReady} ${m.filesUntil(formatOrderDate('2026-07-01T12:00:00.000Z'))}`,
      ),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Files of Cinematic Impacts' });
    expect(within(list).getByText('1.5 GB · 3 of 5 downloads left')).toBeTruthy();
    expect(
      within(list).getByRole('button', { name: 'Download Cinematic Impacts Vol 1.zip' }),
    ).toBeTruthy();
  });

  it('no limit: "Unlimited downloads"', () => {
    renderFiles([line({ downloadLimit: null, files: [{ ...file, downloadsLeft: null }] })]);
    expect(screen.getByText('1.5 GB · Unlimited downloads')).toBeTruthy();
  });

  it('awaiting payment: the files listed, nothing to download yet', () => {
    renderFiles([line({ state: 'awaiting-payment', expiresAt: null, downloadLimit: null })]);
    expect(screen.getByText(m.filesAfterPayment)).toBeTruthy();
    expect(screen.getByText('Cinematic Impacts Vol 1.zip')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['expired', m.expired(formatOrderDate('2026-07-01T12:00:00.000Z'), business.email)],
    ['revoked', m.revoked(business.email)],
  ] as const)('%s: says so and whom to write to, with no button', (state, text) => {
    renderFiles([line({ state })]);
    expect(screen.getByRole('note').textContent).toBe(text);
    expect(screen.getByRole('link', { name: business.email }).getAttribute('href')).toBe(
      `mailto:${business.email}`,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a refusal shows in an alert in the server’s words, and the page stays', async () => {
    const refusal = m.noDownloadsLeft(5, file.name, business.email);
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push(
        `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${new URL(url).pathname}`,
      );
      return new Response(JSON.stringify({ message: refusal, code: 'FORBIDDEN' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderFiles([line({ files: [{ ...file, downloadsUsed: 5, downloadsLeft: 0 }] })]);
    fireEvent.click(screen.getByRole('button', { name: 'Download Cinematic Impacts Vol 1.zip' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.downloadRefusedTitle);
    expect(alert.textContent).toContain(refusal);
    expect(asked).toEqual([`POST /api/orders/${ORDER_ID}/files/${FILE_ID}/link`]);
  });
});
