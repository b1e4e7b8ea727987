import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomPlayersProvider } from '../../../components/project-room/room-players';
import { fakeAudio, loadMetadata } from '../../../components/project-room/test/room-ui-fixture';
import { TrackPlayer } from '../../../components/project-room/track-player';
import { FINAL_ID, PREVIEW_ID, renderWithRoom, room } from '../test/room-fixture';
import { RoomComments } from './room-comments';

const file = { id: PREVIEW_ID, name: 'mix-v1.mp3', url: '/api/files/mix-v1.mp3' };

afterEach(() => vi.restoreAllMocks());

describe('a comment pinned in a file', () => {
  const comment: ProjectRoom['comments'][number] = {
    id: 'c1c2a9e6-6f4b-4c1e-9b7a-1d2e3f4a5b6c',
    author: 'studio',
    authorName: 'Alex Studio',
    fileId: PREVIEW_ID,
    atSeconds: 83,
    body: 'The snare here?',
    createdAt: '2026-06-03T11:00:00.000Z',
  };
  const pinned = room({ comments: [comment] });

  it('shows its time as a button that seeks that file’s player there and plays', () => {
    const { play } = fakeAudio();
    const { container } = renderWithRoom(
      <RoomPlayersProvider>
        <TrackPlayer file={file} />
        <RoomComments room={pinned} />
      </RoomPlayersProvider>,
    );
    const audio = container.querySelector('audio') as HTMLAudioElement;
    act(() => loadMetadata(audio, 225));

    const at = screen.getByRole('button', { name: 'Play mix-v1.mp3 from 1:23' });
    expect(at.textContent).toBe('1:23');
    fireEvent.click(at);
    expect(audio.currentTime).toBe(83);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByText('1:23 / 3:45')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause mix-v1.mp3' })).toBeTruthy();
  });

  it('shows the time as text when the file has no player (a final)', () => {
    const onFinal = room({ comments: [{ ...comment, fileId: FINAL_ID }] });
    renderWithRoom(
      <RoomPlayersProvider>
        <RoomComments room={onFinal} />
      </RoomPlayersProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('1:23')).toBeTruthy();
    expect(screen.getByText('in v1 · mix-v1.wav')).toBeTruthy();
  });
});
