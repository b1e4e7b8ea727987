import { roomMessages as m } from '@studio/shared/messages/project-room';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { type Call, FINAL_ID, mockApi, PROJECT_ID, PROOF, room } from '../test/room-fixture';

const roomPath = `/api/projects/${PROJECT_ID}/room`;
const linked = `/projects/${PROJECT_ID}?expires=${PROOF.expires}&token=${PROOF.token}`;
const proofSearch = `?expires=${PROOF.expires}&token=${PROOF.token}`;

/** The API: the room's GET answers `status` with `body`, the fresh link its 202. */
function api(status: number, body: unknown): Call[] {
  return mockApi((call) => {
    if (call.path === roomPath) return { status, body };
    if (call.path === `/api/projects/${PROJECT_ID}/room-link`) {
      return { status: 202, body: { message: m.linkRequested } };
    }
    return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('/projects/:id', () => {
  it('opens by the mailed link, keeps its proof for the tab, and shows the room', async () => {
    const calls = api(200, { room: room() });
    renderApp(linked);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Mixing');
    expect(calls.find((c) => c.path === roomPath)?.search).toBe(proofSearch);
    expect(JSON.parse(sessionStorage.getItem(`project-room:${PROJECT_ID}`) ?? '{}')).toEqual(PROOF);
    expect(screen.getByText('Project of Jamie Rivera', { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'v1' })).toBeTruthy();
    expect(screen.getByText('Vocal up 1 dB')).toBeTruthy();
    expect(screen.getByText('stems.zip')).toBeTruthy();
    expect(screen.getByText('52.4 MB')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download mix-v1.wav' });
    expect(download.getAttribute('download')).toBe('mix-v1.wav');
    expect(download.getAttribute('href')).toContain(`/room/files/${FINAL_ID}`);
    await waitFor(() => expect(document.title).toBe('Mixing | Studio'));
  });

  it('opens again without the query from the proof kept in the tab', async () => {
    sessionStorage.setItem(`project-room:${PROJECT_ID}`, JSON.stringify(PROOF));
    const calls = api(200, { room: room() });
    renderApp(`/projects/${PROJECT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Mixing' });
    expect(calls.find((c) => c.path === roomPath)?.search).toBe(proofSearch);
  });

  it('unpaid: finals say to pay, with the pay link; no download', async () => {
    const payUrl = `http://localhost:3000/projects/${PROJECT_ID}/pay`;
    const versions = room().versions.map((v) => ({
      ...v,
      files: v.files.map((f) => (f.kind === 'final' ? { ...f, url: null } : f)),
    }));
    api(200, {
      room: room({ paymentState: 'unpaid', finalsReleased: false, payUrl, versions }),
    });
    renderApp(linked);
    await screen.findByRole('heading', { level: 1, name: 'Mixing' });
    expect(screen.queryByRole('link', { name: 'Download mix-v1.wav' })).toBeNull();
    const files = screen.getByRole('list', { name: 'Files of v1' });
    expect(within(files).getByText(m.payToReceive, { exact: false })).toBeTruthy();
    const payLinks = screen.getAllByRole('link', { name: 'Pay for your project' });
    expect(payLinks.length).toBe(2);
    for (const link of payLinks) expect(link.getAttribute('href')).toBe(payUrl);
  });

  it('"Comment at" in a player pins the comment form there and puts the cursor in it', async () => {
    api(200, { room: room() });
    renderApp(linked);
    fireEvent.click(await screen.findByRole('button', { name: 'Comment at 0:00 in mix-v1.mp3' }));
    const box = screen.getByRole('textbox', { name: 'Comment at 0:00' });
    expect(document.activeElement).toBe(box);
    const form = screen.getByRole('form', { name: 'Add a comment' });
    expect(form.textContent).toContain('At 0:00 in mix-v1.mp3');
  });

  it('404: "Project not found"', async () => {
    api(404, { message: m.notFound, code: 'NOT_FOUND' });
    renderApp(linked);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(m.notFound);
  });

  it('401: says how to get in, with Sign in and the fresh link form', async () => {
    api(401, { message: m.signInOrLink, code: 'UNAUTHORIZED' });
    renderApp(`/projects/${PROJECT_ID}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Open your project',
    );
    expect(screen.getByText(m.signInOrLink)).toBeTruthy();
    // The page's own, not the header's.
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?redirect=%2Fprojects%2F${PROJECT_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Send me a fresh link' })).toBeTruthy();
  });

  it.each([
    [m.linkExpired, 'This link has expired'],
    [m.linkNotValid, 'This link is not valid'],
  ])('403 "%s": explains, and mails a fresh link on request', async (message, heading) => {
    const calls = api(403, { message, code: 'FORBIDDEN' });
    renderApp(linked);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
    expect(screen.getByText(message)).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Sign in' })).toBeNull();

    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a fresh link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(email, { target: { value: 'jamie@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a fresh link' }));
    expect((await screen.findByRole('status')).textContent).toBe(m.linkRequested);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/api/projects/${PROJECT_ID}/room-link`,
        search: '',
        body: { email: 'jamie@example.com' },
      },
    ]);
  });
});
