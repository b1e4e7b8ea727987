import { roomMessages as m } from '@studio/shared/messages/project-room';
import type { WorkStatus } from '@studio/shared/project-room';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectRoomKey, useProjectRoom } from '../api/get-project-room';
import { mockApi, PROJECT_ID, PROOF, renderWithRoom, room } from '../test/room-fixture';
import { RoomMoves } from './room-moves';

afterEach(() => vi.restoreAllMocks());

/** The moves of the room in the query cache, as the page renders them. */
function LiveMoves() {
  const data = useProjectRoom(PROJECT_ID, PROOF);
  return <RoomMoves room={data} projectId={PROJECT_ID} proof={PROOF} />;
}

function renderMoves(moves: WorkStatus[]) {
  return renderWithRoom(<LiveMoves />, room({ moves }));
}

describe('the client’s moves', () => {
  it.each<[WorkStatus[], boolean, boolean]>([
    [[], false, false],
    [['changes_requested'], true, false],
    [['approved'], false, true],
    [['changes_requested', 'approved'], true, true],
  ])('moves %j: Request changes %s, Approve %s', (moves, request, approve) => {
    renderMoves(moves);
    expect(screen.queryByRole('button', { name: 'Request changes' }) !== null).toBe(request);
    expect(screen.queryByRole('textbox', { name: /What would you like changed/ }) !== null).toBe(
      request,
    );
    expect(screen.queryByRole('button', { name: 'Approve' }) !== null).toBe(approve);
    // Nothing to do: no "Your review" at all.
    expect(screen.queryByRole('heading', { name: 'Your review' }) !== null).toBe(moves.length > 0);
  });

  it('asks for notes before requesting changes, sending nothing', async () => {
    const calls = mockApi(() => ({ status: 500, body: {} }));
    renderMoves(['changes_requested', 'approved']);
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText(m.notesRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('requests changes with the notes, then shows the message and the room as it now is', async () => {
    const after = room({ workStatus: 'changes_requested', moves: [] });
    const calls = mockApi(() => ({
      status: 200,
      body: { message: m.changesRequested, room: after },
    }));
    const { queryClient } = renderMoves(['changes_requested', 'approved']);
    fireEvent.change(screen.getByRole('textbox', { name: /What would you like changed/ }), {
      target: { value: 'More bass, please' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));

    expect((await screen.findByRole('status')).textContent).toBe(m.changesRequested);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/projects/${PROJECT_ID}/room/moves`,
        search: `?expires=${PROOF.expires}&token=${PROOF.token}`,
        body: { to: 'changes_requested', notes: 'More bass, please' },
      },
    ]);
    expect(queryClient.getQueryData(projectRoomKey(PROJECT_ID))).toEqual(after);
    // The new room has no move left; the message stays.
    expect(screen.queryByRole('button', { name: 'Request changes' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(m.changesRequested);
  });

  it('approves after a confirmation', async () => {
    const calls = mockApi(() => ({
      status: 200,
      body: { message: m.approved, room: room({ workStatus: 'approved', moves: [] }) },
    }));
    renderMoves(['changes_requested', 'approved']);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this version?' });
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect((await screen.findByRole('status')).textContent).toBe(m.approved);
    expect(calls.map((c) => c.body)).toEqual([{ to: 'approved' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refused move in the API’s words', async () => {
    const refusal = m.moveNotAllowed('approved', 'changes_requested');
    mockApi(() => ({ status: 409, body: { message: refusal, code: 'CONFLICT' } }));
    renderMoves(['changes_requested', 'approved']);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });
});
