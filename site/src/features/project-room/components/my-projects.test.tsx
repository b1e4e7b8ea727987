import type { MyProjectsAnswer } from '@studio/shared/schemas/project-room';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRoomDate } from '../../../components/project-room/room-dates';
import { renderApp } from '../../../test/render-app';
import { mockApi, PROJECT_ID } from '../test/room-fixture';

const user = {
  id: 'b1c2a9e6-6f4b-4c1e-9b7a-1d2e3f4a5b6c',
  firstName: 'Jamie',
  lastName: 'Rivera',
  email: 'jamie@example.com',
  phone: null,
  role: 'customer',
  createdAt: '2026-05-01T10:00:00.000Z',
};

/** /orders, signed in, with no orders and these projects. */
function renderOrders(projects: MyProjectsAnswer['projects']) {
  localStorage.setItem('token', 'session-token');
  localStorage.setItem('user', JSON.stringify(user));
  const calls = mockApi((call) => {
    if (call.path === '/api/auth/me') return { status: 200, body: { user } };
    if (call.path === '/api/orders') {
      return { status: 200, body: { orders: [], total: 0, page: 1, pageSize: 10 } };
    }
    if (call.path === '/api/projects/mine') return { status: 200, body: { projects } };
    return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
  });
  renderApp('/orders');
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('Projects on /orders', () => {
  it('lists each project with its service, date, work status and payment, opening its room', async () => {
    renderOrders([
      {
        id: PROJECT_ID,
        serviceName: 'Mixing',
        paymentState: 'paid',
        workStatus: 'in_review',
        versions: 2,
        createdAt: '2026-06-01T10:00:00.000Z',
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Your projects' });
    expect(screen.getByRole('heading', { level: 2, name: 'Projects' })).toBeTruthy();
    const link = within(list).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/projects/${PROJECT_ID}`);
    expect(link.textContent).toContain('Mixing');
    expect(link.textContent).toContain('2 versions');
    expect(link.textContent).toContain('Work status: In review');
    expect(link.textContent).toContain('Payment: Paid');
    expect(link.textContent).toContain(`Submitted ${formatRoomDate('2026-06-01T10:00:00.000Z')}`);
  });

  it('shows no Projects section to a client with none', async () => {
    renderOrders([]);
    await screen.findByText('You have no orders yet');
    expect(screen.queryByRole('heading', { name: 'Projects' })).toBeNull();
  });
});
