import { MantineProvider } from '@mantine/core';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { cssVariablesResolver, theme } from '../../../lib/theme';
import { projectRoomKey } from '../api/get-project-room';

// The feature's tests: a room as the API answers it, and fetch answering as the API would.

export const PROJECT_ID = '3f1c2a9e-6f4b-4c1e-9b7a-1d2e3f4a5b6c';
export const PREVIEW_ID = '7a1c2a9e-6f4b-4c1e-9b7a-1d2e3f4a5b6c';
export const FINAL_ID = '8b1c2a9e-6f4b-4c1e-9b7a-1d2e3f4a5b6c';
export const PROOF = { expires: '1790000000', token: 'signed-token' };

const fileUrl = (id: string) =>
  `/api/projects/${PROJECT_ID}/room/files/${id}?expires=1790000000&token=file-token`;

export function room(over: Partial<ProjectRoom> = {}): ProjectRoom {
  return {
    id: PROJECT_ID,
    name: 'Jamie Rivera',
    serviceName: 'Mixing',
    priceCents: 15_000,
    paymentState: 'paid',
    workStatus: 'in_review',
    moves: ['changes_requested', 'approved'],
    timeline: [
      {
        status: 'received',
        actor: 'client',
        actorName: null,
        note: null,
        at: '2026-06-01T10:00:00.000Z',
      },
      {
        status: 'in_review',
        actor: 'studio',
        actorName: 'Alex Studio',
        note: 'First mix is up',
        at: '2026-06-03T10:00:00.000Z',
      },
    ],
    uploads: [
      { id: 'a1c2a9e6-6f4b-4c1e-9b7a-1d2e3f4a5b6c', name: 'stems.zip', sizeBytes: 52_400_000 },
    ],
    versions: [
      {
        id: '9c1c2a9e-6f4b-4c1e-9b7a-1d2e3f4a5b6c',
        number: 1,
        note: 'Vocal up 1 dB',
        createdAt: '2026-06-03T10:00:00.000Z',
        files: [
          {
            id: PREVIEW_ID,
            kind: 'preview',
            name: 'mix-v1.mp3',
            contentType: 'audio/mpeg',
            sizeBytes: 4_200_000,
            sha256: 'a'.repeat(64),
            url: fileUrl(PREVIEW_ID),
          },
          {
            id: FINAL_ID,
            kind: 'final',
            name: 'mix-v1.wav',
            contentType: 'audio/wav',
            sizeBytes: 48_000_000,
            sha256: 'b'.repeat(64),
            url: fileUrl(FINAL_ID),
          },
        ],
      },
    ],
    comments: [],
    finalsReleased: true,
    payUrl: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    ...over,
  };
}

/** Renders `ui` in the site's theme, with `data` already loaded as the room (kept on rerender). */
export function renderWithRoom(ui: ReactNode, data?: ProjectRoom) {
  const queryClient = createQueryClient();
  if (data) queryClient.setQueryData(projectRoomKey(PROJECT_ID), data);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** fetch answering `answer(call)` (status and JSON body); returns the calls made. */
export function mockApi(answer: (call: Call) => { status: number; body: unknown }): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
