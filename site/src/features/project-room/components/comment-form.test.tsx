import { roomMessages as m } from '@studio/shared/messages/project-room';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectRoomKey } from '../api/get-project-room';
import { mockApi, PREVIEW_ID, PROJECT_ID, PROOF, renderWithRoom, room } from '../test/room-fixture';
import { CommentForm } from './comment-form';
import type { Pin } from './room-versions';

function renderForm(pin: Pin | null = null) {
  const onUnpin = vi.fn();
  const view = renderWithRoom(
    <CommentForm projectId={PROJECT_ID} proof={PROOF} pin={pin} onUnpin={onUnpin} />,
    room(),
  );
  return { ...view, onUnpin };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe('the comment form', () => {
  it('counts the characters against the 2,000 allowed', () => {
    renderForm();
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(box.getAttribute('maxlength')).toBe('2000');
    expect(screen.getByText('0 / 2,000 characters')).toBeTruthy();
    type('Comment', 'Lovely.');
    expect(screen.getByText('7 / 2,000 characters')).toBeTruthy();
    // The count is the field's description, read with it.
    const described = box.getAttribute('aria-describedby') ?? '';
    expect(
      described
        .split(' ')
        .some((id) => document.getElementById(id)?.textContent === '7 / 2,000 characters'),
    ).toBe(true);
  });

  it.each([
    ['nothing', '', m.commentEmpty],
    ['only spaces', '   \n ', m.commentEmpty],
    ['2,001 characters', 'a'.repeat(2001), m.commentTooLong],
  ])('refuses %s with the API’s own message, sending nothing', async (_, value, message) => {
    const calls = mockApi(() => ({ status: 500, body: {} }));
    renderForm();
    type('Comment', value);
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('takes exactly 2,000 characters', async () => {
    const calls = mockApi(() => ({
      status: 201,
      body: { message: m.commentPosted, room: room() },
    }));
    renderForm();
    type('Comment', 'a'.repeat(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect((await screen.findByRole('status')).textContent).toBe(m.commentPosted);
    expect(calls).toHaveLength(1);
  });

  it('posts a pinned comment with its file and second, with the link’s proof, and shows the new thread', async () => {
    const answer = room({
      comments: [
        {
          id: 'c1c2a9e6-6f4b-4c1e-9b7a-1d2e3f4a5b6c',
          author: 'client',
          authorName: 'Jamie Rivera',
          fileId: PREVIEW_ID,
          atSeconds: 83,
          body: 'Snare too loud',
          createdAt: '2026-06-03T11:00:00.000Z',
        },
      ],
    });
    const calls = mockApi(() => ({
      status: 201,
      body: { message: m.commentPosted, room: answer },
    }));
    const { queryClient, onUnpin } = renderForm({
      fileId: PREVIEW_ID,
      fileName: 'mix-v1.mp3',
      atSeconds: 83,
    });
    expect(screen.getByText('mix-v1.mp3', { exact: false }).textContent).toBe(
      'At 1:23 in mix-v1.mp3',
    );
    type('Comment at 1:23', 'Snare too loud');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    expect((await screen.findByRole('status')).textContent).toBe(m.commentPosted);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/projects/${PROJECT_ID}/room/comments`,
        search: `?expires=${PROOF.expires}&token=${PROOF.token}`,
        body: { body: 'Snare too loud', fileId: PREVIEW_ID, atSeconds: 83 },
      },
    ]);
    expect(queryClient.getQueryData(projectRoomKey(PROJECT_ID))).toEqual(answer);
    expect(onUnpin).toHaveBeenCalled();
    await waitFor(() =>
      expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('"Make it a general comment" drops the time', () => {
    const { onUnpin } = renderForm({ fileId: PREVIEW_ID, fileName: 'mix-v1.mp3', atSeconds: 83 });
    fireEvent.click(screen.getByRole('button', { name: 'Make it a general comment' }));
    expect(onUnpin).toHaveBeenCalledTimes(1);
  });

  it('shows the API’s refusal in its own words, keeping the text', async () => {
    mockApi(() => ({ status: 429, body: { message: m.tooManyComments, code: 'RATE_LIMITED' } }));
    renderForm();
    type('Comment', 'One more thing');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.tooManyComments);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('One more thing');
  });
});
