import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { formatBytes } from '@studio/shared/downloads';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { roomMessages } from '@studio/shared/messages/project-room';
import { roomLimits } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../../lib/query-client';
import { sendOverTus } from '../../../../../lib/tus-upload';
import { AdminProvider } from '../../../admin-context';
import type { AdminHost } from '../../../host';
import { ProjectRoomTab } from './project-room-tab';

// The bytes' journey (tus) is the e2e test's; here each file "uploads" at once.
vi.mock('../../../../../lib/tus-upload', async (original) => ({
  ...(await original<typeof import('../../../../../lib/tus-upload')>()),
  sendOverTus: vi.fn(),
}));

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

const ID = '0b8f6f7e-3c1a-4d8e-9f00-1a2b3c4d5e6f';
const PREVIEW = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const FINAL = '2f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const DRAFT = 'd'.repeat(43);

const room = (over: Partial<ProjectRoom> = {}): ProjectRoom => ({
  id: ID,
  name: 'Orla Client',
  serviceName: 'Song Mix',
  priceCents: 15000,
  paymentState: 'paid',
  workStatus: 'in_review',
  moves: ['changes_requested', 'approved', 'in_progress', 'cancelled'],
  timeline: [
    {
      status: 'received',
      actor: 'client',
      actorName: null,
      note: null,
      at: '2026-11-20T10:00:00Z',
    },
    {
      status: 'in_review',
      actor: 'studio',
      actorName: 'Ada Admin',
      note: 'First mix',
      at: '2026-11-22T10:00:00Z',
    },
  ],
  uploads: [],
  versions: [
    {
      id: '3f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
      number: 1,
      note: 'First mix',
      createdAt: '2026-11-22T10:00:00Z',
      files: [
        {
          id: PREVIEW,
          kind: 'preview',
          name: 'mix-v1.mp3',
          contentType: 'audio/mpeg',
          sizeBytes: 4_200_000,
          sha256: 'ab'.repeat(32),
          url: `/api/projects/${ID}/room/files/${PREVIEW}?expires=1&token=t`,
        },
        {
          id: FINAL,
          kind: 'final',
          name: 'mix-v1.wav',
          contentType: 'audio/wav',
          sizeBytes: 52_000_000,
          sha256: 'cd'.repeat(32),
          url: `/api/projects/${ID}/room/files/${FINAL}?expires=1&token=t`,
        },
      ],
    },
  ],
  comments: [
    {
      id: '4f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
      author: 'client',
      authorName: 'Orla Client',
      fileId: PREVIEW,
      atSeconds: 83,
      body: 'The vocal is too loud here <b>really</b>',
      createdAt: '2026-11-23T10:00:00Z',
    },
  ],
  finalsReleased: true,
  payUrl: null,
  createdAt: '2026-11-20T10:00:00Z',
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API as fetch sees it: `answer` per call, every call recorded. */
function mockApi(answer: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const call = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    return answer(call) ?? json(404, { message: 'Not found' });
  });
  return calls;
}

const roomAnswer = (r: ProjectRoom) => (call: Call) =>
  call.method === 'GET' && call.path === `/api/admin/submissions/${ID}/room`
    ? json(200, { room: r })
    : undefined;

async function renderRoom() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <AdminProvider host={host}>
          <ProjectRoomTab submissionId={ID} />
        </AdminProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await screen.findByRole('heading', { name: 'Thread' });
}

/** A File that reports `size` without holding that many bytes. */
function fakeFile(name: string, size: number, type: string): File {
  const file = new File([], name, { type, lastModified: 1_700_000_000_000 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function addFiles(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(sendOverTus).mockReset();
  act(() => notifications.clean());
});

describe('the work moves', () => {
  it('offers a button for each move the API allows now, and nothing else', async () => {
    mockApi(roomAnswer(room()));
    await renderRoom();
    const status = screen.getByRole('region', { name: 'Status' });
    expect(status.querySelector('[data-work-status]')?.textContent).toBe('Work status: In review');
    const names = within(status)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual([
      'Mark changes requested',
      'Mark approved',
      'Mark in progress',
      'Cancel project',
    ]);
    // The timeline: who moved it (the client by role), and the note.
    expect(status.textContent).toContain('Client ·');
    expect(status.textContent).toContain('Ada Admin ·');
  });

  it('says a cancelled project has no moves, and offers no version form', async () => {
    mockApi(roomAnswer(room({ workStatus: 'cancelled', moves: [] })));
    await renderRoom();
    expect(screen.getByText(roomMessages.cancelledProject)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Mark / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Share a version' })).toBeNull();
  });

  it('sends the move with its note, and asks before cancelling', async () => {
    const moved = room({ workStatus: 'in_progress', moves: ['cancelled'] });
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path.endsWith('/work')
        ? json(200, { message: roomMessages.moved('in_progress'), room: moved })
        : roomAnswer(room())(call),
    );
    await renderRoom();
    fireEvent.change(screen.getByLabelText('Note for the client'), {
      target: { value: ' Back to the desk ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mark in progress' }));
    expect(await screen.findByText('Status: In progress')).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: `/api/admin/submissions/${ID}/work`,
      body: { to: 'in_progress', note: 'Back to the desk' },
    });
    // Now only Cancel: it asks first, and "Keep it" sends nothing.
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel project' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this project?' });
    expect(confirm.textContent).toContain(roomMessages.cancelConfirm);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/work'))).toHaveLength(1);
  });

  it("shows the API's refusal", async () => {
    const refusal = roomMessages.moveNotAllowed('in_review', 'approved');
    mockApi((call) =>
      call.method === 'POST' && call.path.endsWith('/work')
        ? json(409, { message: refusal, code: 'CONFLICT' })
        : roomAnswer(room())(call),
    );
    await renderRoom();
    fireEvent.click(screen.getByRole('button', { name: 'Mark approved' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });
});

describe('the version form', () => {
  it('marks audio Preview and other files Final, and lets the admin change each', async () => {
    mockApi(roomAnswer(room()));
    await renderRoom();
    addFiles([
      fakeFile('mix-v2.mp3', 5_000_000, 'audio/mpeg'),
      fakeFile('stems.zip', 90_000_000, 'application/zip'),
    ]);
    const form = screen.getByRole('region', { name: 'Share a version' });
    const mix = within(form).getByRole('radiogroup', { name: 'Kind of mix-v2.mp3' });
    const stems = within(form).getByRole('radiogroup', { name: 'Kind of stems.zip' });
    expect(within(mix).getByRole('radio', { name: 'Preview' })).toHaveProperty('checked', true);
    expect(within(stems).getByRole('radio', { name: 'Final' })).toHaveProperty('checked', true);
    fireEvent.click(within(mix).getByRole('radio', { name: 'Final' }));
    expect(within(mix).getByRole('radio', { name: 'Final' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('listitem', { name: 'stems.zip' }).textContent).toContain(
      '90 MB',
    );
  });

  it('refuses past the limits before a byte is sent: too many, too large, empty', async () => {
    const calls = mockApi(roomAnswer(room()));
    await renderRoom();
    const many = Array.from({ length: roomLimits.maxFilesPerVersion + 1 }, (_, i) =>
      fakeFile(`take-${i}.wav`, 1000, 'audio/wav'),
    );
    addFiles(many);
    expect((await screen.findByRole('alert')).textContent).toBe(roomMessages.tooManyVersionFiles);
    expect(screen.queryByRole('listitem', { name: 'take-0.wav' })).toBeNull();

    addFiles([
      fakeFile('huge.wav', roomLimits.maxFileBytes, 'audio/wav'),
      fakeFile('empty.wav', 0, 'audio/wav'),
      fakeFile('fine.wav', 1000, 'audio/wav'),
    ]);
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain(
      `huge.wav: ${downloadMessages.fileTooLarge(formatBytes(roomLimits.maxFileBytes))}`,
    );
    expect(alert).toContain('empty.wav: empty.wav is empty');
    expect(screen.getByRole('listitem', { name: 'fine.wav' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'huge.wav' })).toBeNull();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    expect(sendOverTus).not.toHaveBeenCalled();
  });

  it('uploads each file into a draft, then shares them with their kinds and the note', async () => {
    const [first] = room().versions;
    if (!first) throw new Error('no version');
    const shared = room({
      versions: [
        first,
        { ...first, id: '5f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9', number: 2, files: [] },
      ],
    });
    const calls = mockApi((call) => {
      if (call.method === 'POST' && call.path.endsWith('/version-drafts'))
        return json(201, {
          draftToken: DRAFT,
          maxFileBytes: roomLimits.maxFileBytes,
          maxFiles: 20,
        });
      if (call.method === 'POST' && call.path.endsWith('/versions'))
        return json(201, { message: roomMessages.versionShared(2), room: shared });
      return roomAnswer(room())(call);
    });
    let n = 0;
    vi.mocked(sendOverTus).mockImplementation(async (file, options) => {
      options.onBytes(file.size);
      n += 1;
      return `http://api.test/api/uploads/${String(n).repeat(32)}`;
    });
    await renderRoom();
    addFiles([
      fakeFile('mix-v2.mp3', 5_000_000, 'audio/mpeg'),
      fakeFile('mix-v2.wav', 50_000_000, 'audio/wav'),
    ]);
    const wav = screen.getByRole('radiogroup', { name: 'Kind of mix-v2.wav' });
    fireEvent.click(within(wav).getByRole('radio', { name: 'Final' }));
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'v2: vocal down 1 dB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share version' }));
    expect(await screen.findByText(roomMessages.versionShared(2))).toBeTruthy();
    const [, options] = vi.mocked(sendOverTus).mock.calls[0] ?? [];
    expect(options?.headers).toEqual({ 'Upload-Draft': DRAFT });
    expect(options?.endpoint).toBe('http://api.test/api/uploads');
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: `/api/admin/submissions/${ID}/versions`,
      body: {
        draftToken: DRAFT,
        note: 'v2: vocal down 1 dB',
        files: [
          { uploadId: '1'.repeat(32), kind: 'preview' },
          { uploadId: '2'.repeat(32), kind: 'final' },
        ],
      },
    });
    // The form is empty again and the room shows the new version.
    expect(screen.queryByRole('listitem', { name: 'mix-v2.wav' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Version 2' })).toBeTruthy();
  });
  it('keeps the uploads when the share fails, and shares them on the next try without sending again', async () => {
    let refuse = true;
    const calls = mockApi((call) => {
      if (call.method === 'POST' && call.path.endsWith('/version-drafts'))
        return json(201, {
          draftToken: DRAFT,
          maxFileBytes: roomLimits.maxFileBytes,
          maxFiles: 20,
        });
      if (call.method === 'POST' && call.path.endsWith('/versions'))
        return refuse
          ? json(503, { message: roomMessages.fileUnavailable, code: 'SERVICE_UNAVAILABLE' })
          : json(201, { message: roomMessages.versionShared(2), room: room() });
      return roomAnswer(room())(call);
    });
    vi.mocked(sendOverTus).mockImplementation(async (file, options) => {
      options.onBytes(file.size);
      return `http://api.test/api/uploads/${'a'.repeat(32)}`;
    });
    await renderRoom();
    addFiles([fakeFile('mix-v2.mp3', 5_000_000, 'audio/mpeg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Share version' }));
    expect((await screen.findByRole('alert')).textContent).toBe(roomMessages.fileUnavailable);
    // The draft is kept in this browser (a closed detail resumes it), the file shows uploaded.
    expect(localStorage.getItem(`studio.versionUpload:${ID}`)).toContain(DRAFT);
    expect(screen.getByRole('listitem', { name: 'mix-v2.mp3' }).textContent).toContain('Uploaded');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Share version' }));
    expect(await screen.findByText(roomMessages.versionShared(2))).toBeTruthy();
    expect(sendOverTus).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path.endsWith('/version-drafts'))).toHaveLength(1);
    expect(localStorage.getItem(`studio.versionUpload:${ID}`)).toBeNull();
  });
});

describe('the thread', () => {
  it('shows comments as text, and a pinned time seeks and plays its preview', async () => {
    mockApi(roomAnswer(room()));
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await renderRoom();
    expect(screen.getByText('The vocal is too loud here <b>really</b>')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    const player = document.querySelector<HTMLElement>(`[data-track-player="${PREVIEW}"]`);
    const audio = player?.querySelector('audio');
    if (!player || !audio) throw new Error('no player');
    fireEvent.click(screen.getByRole('button', { name: 'Play mix-v1.mp3 from 1:23' }));
    expect(audio.currentTime).toBe(83);
    expect(play).toHaveBeenCalled();
    expect(player.querySelector('[data-track-time]')?.textContent).toMatch(/^1:23 \//);
    expect(within(player).getByRole('slider', { name: 'Seek mix-v1.mp3' })).toHaveProperty(
      'value',
      '83',
    );
    // A final has no player: a download link instead.
    const final = screen.getByRole('link', { name: 'Download mix-v1.wav' });
    expect(final.getAttribute('href')).toBe(
      `http://api.test/api/projects/${ID}/room/files/${FINAL}?expires=1&token=t`,
    );
  });

  it("pins an answer at the player's current time, and counts its characters", async () => {
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path.endsWith('/comments')
        ? json(201, { message: roomMessages.commentPosted, room: room() })
        : roomAnswer(room())(call),
    );
    await renderRoom();
    const audio = document.querySelector<HTMLAudioElement>(
      `[data-track-player="${PREVIEW}"] audio`,
    );
    if (!audio) throw new Error('no player');
    audio.currentTime = 42.7;
    const answer = screen.getByLabelText('Your answer');
    fireEvent.change(answer, { target: { value: 'Lowered it here' } });
    expect(screen.getByText('15 / 2,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Pin to a time in' }));
    fireEvent.click(await screen.findByRole('option', { name: 'v1 · mix-v1.mp3' }));
    expect(screen.getByText('At 0:42')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(await screen.findByText(roomMessages.commentPosted)).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: `/api/admin/submissions/${ID}/comments`,
      body: { body: 'Lowered it here', fileId: PREVIEW, atSeconds: 42 },
    });
  });

  it("refuses an empty answer with the API's words, without a call", async () => {
    const calls = mockApi(roomAnswer(room()));
    await renderRoom();
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(await screen.findByText(roomMessages.commentEmpty)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
