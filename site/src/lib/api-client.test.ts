import { authMessages } from '@studio/shared/messages/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiFetch } from './api-client';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('createApiFetch: the 401 and admin-guard 403 rules', () => {
  const signedIn = { headers: { authorization: 'Bearer t' } };

  it('calls notAdmin for a signed-in call refused by the admin guard, and still hands back the answer', async () => {
    vi.stubGlobal('fetch', answer(403, { message: authMessages.forbidden, code: 'FORBIDDEN' }));
    const unauthorized = vi.fn();
    const notAdmin = vi.fn();
    const res = await createApiFetch(unauthorized, notAdmin)('/api/admin/orders', signedIn);
    expect(notAdmin).toHaveBeenCalledTimes(1);
    expect(unauthorized).not.toHaveBeenCalled();
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: authMessages.forbidden });
  });

  it.each([
    ['another 403 (an expired download link)', 403, { message: 'This link has expired' }, signedIn],
    ['a 403 that is not JSON', 403, '<html>', signedIn],
    ['an anonymous call', 403, { message: authMessages.forbidden }, {}],
    ['a 404', 404, { message: 'Order not found' }, signedIn],
  ])('leaves %s alone', async (_, status, body, init) => {
    vi.stubGlobal('fetch', answer(status, body));
    const notAdmin = vi.fn();
    await createApiFetch(vi.fn(), notAdmin)('/api/admin/orders', init);
    expect(notAdmin).not.toHaveBeenCalled();
  });

  it('calls unauthorized for a signed-in 401, not notAdmin', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Not signed in' }));
    const unauthorized = vi.fn();
    const notAdmin = vi.fn();
    await createApiFetch(unauthorized, notAdmin)('/api/admin/orders', signedIn);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(notAdmin).not.toHaveBeenCalled();
  });
});
