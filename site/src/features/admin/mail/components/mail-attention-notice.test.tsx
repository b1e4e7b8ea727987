import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import type { OutboundMailItem } from '@studio/shared/schemas/outbound-mail';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { AdminProvider } from '../../admin-context';
import type { AdminHost } from '../../host';
import { MailAttentionNotice } from './mail-attention-notice';

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

const mail = (over: Partial<OutboundMailItem>): OutboundMailItem => ({
  id: crypto.randomUUID(),
  purpose: 'newsletter-welcome',
  to: 'fan@example.net',
  subject: 'Welcome to the studio newsletter',
  status: 'failed',
  attempts: 1,
  lastError: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  attemptedAt: '2026-03-01T10:00:01.000Z',
  nextAttemptAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's outbox as GET /api/admin/mail and POST /api/admin/mail/:id/resend answer it. */
function fakeOutbox(mails: OutboundMailItem[]) {
  const resent: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const resend = url.pathname.match(/^\/api\/admin\/mail\/([^/]+)\/resend$/);
    if (method === 'POST' && resend) {
      const row = mails.find((m) => m.id === resend[1]);
      if (!row) return json(404, { message: 'Mail not found' });
      resent.push(row.id);
      row.status = 'pending';
      return json(200, row);
    }
    if (method === 'GET' && url.pathname === '/api/admin/mail') {
      const attention = mails.filter((m) => m.status === 'failed' || m.status === 'unknown');
      const count = (status: string) => mails.filter((m) => m.status === status).length;
      return json(200, {
        mails: attention,
        total: attention.length,
        page: 1,
        pageSize: 10,
        counts: {
          pending: count('pending'),
          sending: 0,
          failed: count('failed'),
          unknown: count('unknown'),
        },
      });
    }
    return json(404, { message: 'Not found' });
  });
  return { resent };
}

function renderNotice() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <AdminProvider host={host}>
          <MailAttentionNotice />
          <p>Tabs</p>
        </AdminProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

describe('the mail notice', () => {
  it('is not there while no mail failed or may not have arrived', async () => {
    fakeOutbox([mail({ status: 'pending' })]);
    renderNotice();
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await screen.findByText('Tabs');
    expect(screen.queryByText(/need(s)? a look/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Review/ })).toBeNull();
  });

  it('counts them, lists each with its error as plain text, and sends a failed one again at once', async () => {
    const failed = mail({
      purpose: 'payment-receipt',
      to: 'buyer@example.net',
      subject: 'Your receipt',
      attempts: 15,
      lastError: '550 <b>Mailbox</b> full',
    });
    const { resent } = fakeOutbox([
      failed,
      mail({ status: 'failed', to: 'a@example.net' }),
      mail({ status: 'unknown', to: 'b@example.net' }),
    ]);
    renderNotice();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(
      '3 e-mails need a look: 2 failed, 1 may not have arrived.',
    );

    fireEvent.click(within(notice).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mails that need a look' });
    const card = await within(dialog).findByRole('article', { name: 'Payment receipt' });
    expect(card.textContent).toContain('buyer@example.net');
    expect(card.textContent).toContain('Your receipt');
    expect(card.textContent).toContain('Attempts15');
    within(card).getByText('Failed');
    // The server's words are shown, not interpreted.
    within(card).getByText('550 <b>Mailbox</b> full');
    expect(card.querySelector('b')).toBeNull();

    fireEvent.click(
      within(card).getByRole('button', {
        name: 'Send again: Payment receipt to buyer@example.net',
      }),
    );
    await waitFor(() => expect(resent).toEqual([failed.id]));
    await screen.findByText('Payment receipt to buyer@example.net is queued to be sent again');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        '2 e-mails need a look: 1 failed, 1 may not have arrived.',
      ),
    );
    await waitFor(() => expect(within(dialog).queryByText('buyer@example.net')).toBeNull());
  });

  it('asks before sending one that may have arrived, and sends nothing on Cancel', async () => {
    const unknown = mail({
      status: 'unknown',
      to: 'maybe@example.net',
      lastError: 'Connection closed unexpectedly',
    });
    const { resent } = fakeOutbox([unknown]);
    renderNotice();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('1 e-mail needs a look: 1 may not have arrived.');
    fireEvent.click(within(notice).getByRole('button', { name: /^Review/ }));
    const card = await screen.findByRole('article', { name: 'Newsletter welcome' });
    expect(card.textContent).toContain(
      'The connection broke before the mail server answered: it may have arrived.',
    );
    within(card).getByText('Unknown');

    const sendAgain = within(card).getByRole('button', { name: /^Send again/ });
    fireEvent.click(sendAgain);
    const confirm = within(card).getByRole('group', {
      name: 'It may already have arrived; the recipient could get it twice.',
    });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(resent).toEqual([]);
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: /^Send again/ }));

    fireEvent.click(within(card).getByRole('button', { name: /^Send again/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Send it again anyway' }));
    await waitFor(() => expect(resent).toEqual([unknown.id]));
    await screen.findByText('Newsletter welcome to maybe@example.net is queued to be sent again');
    await screen.findByText('Nothing needs a look');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
