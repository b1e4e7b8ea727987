import { formatTrackTime } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FINAL_ID,
  fakeAudio,
  loadMetadata,
  PREVIEW_ID,
  renderWithRoom,
  room,
} from '../test/room-fixture';
import { RoomComments } from './room-comments';
import { RoomPlayersProvider } from './room-players';
import { TrackPlayer } from './track-player';

const file = { id: PREVIEW_ID, name: 'mix-v1.mp3', url: '/api/files/mix-v1.mp3' };

function renderPlayer(onCommentAt?: (seconds: number) => void) {
  const view = renderWithRoom(
    <RoomPlayersProvider>
      <TrackPlayer file={file} {...(onCommentAt ? { onCommentAt } : {})} />
    </RoomPlayersProvider>,
  );
  const audio = view.container.querySelector('audio') as HTMLAudioElement;
  return { ...view, audio };
}

afterEach(() => vi.restoreAllMocks());

describe('formatTrackTime', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [83.4, '1:23'],
    [600, '10:00'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatTrackTime(seconds)).toBe(text);
  });
});

describe('the player', () => {
  it('says its time as "current / duration", and in words on the seek slider', () => {
    const { audio } = renderPlayer();
    const slider = screen.getByRole('slider', { name: 'Seek mix-v1.mp3' });
    expect(screen.getByText('0:00 / 0:00')).toBeTruthy();
    // Nothing to seek before the length is known.
    expect((slider as HTMLInputElement).disabled).toBe(true);

    act(() => loadMetadata(audio, 225));
    act(() => {
      audio.currentTime = 83.4;
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.getByText('1:23 / 3:45')).toBeTruthy();
    expect(slider.getAttribute('aria-valuetext')).toBe('1:23 of 3:45');
    expect(slider.getAttribute('max')).toBe('225');
    expect((slider as HTMLInputElement).disabled).toBe(false);
  });

  it('plays and pauses from one button whose name says what it does', () => {
    const { play, pause } = fakeAudio();
    renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'Play mix-v1.mp3' }));
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pause mix-v1.mp3' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play mix-v1.mp3' })).toBeTruthy();
  });

  it('seeks where the slider is moved', () => {
    const { audio } = renderPlayer();
    act(() => loadMetadata(audio, 225));
    fireEvent.change(screen.getByRole('slider', { name: 'Seek mix-v1.mp3' }), {
      target: { value: '150' },
    });
    expect(audio.currentTime).toBe(150);
    expect(screen.getByText('2:30 / 3:45')).toBeTruthy();
  });

  it('"Comment at 1:23" hands over the current second', () => {
    const onCommentAt = vi.fn();
    const { audio } = renderPlayer(onCommentAt);
    act(() => loadMetadata(audio, 225));
    act(() => {
      audio.currentTime = 83.7;
      audio.dispatchEvent(new Event('timeupdate'));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Comment at 1:23 in mix-v1.mp3' }));
    expect(onCommentAt).toHaveBeenCalledWith(83);
  });

  it('keeps playing from its first URL when the room answers with freshly signed ones', () => {
    const { audio, rerender } = renderPlayer();
    const fresh = { ...file, url: '/api/files/mix-v1.mp3?signed=later' };
    rerender(
      <RoomPlayersProvider>
        <TrackPlayer file={fresh} />
      </RoomPlayersProvider>,
    );
    expect(audio.getAttribute('src')).toBe(file.url);
    // Its own URL past its day: the fresher one is tried before saying it failed.
    act(() => {
      audio.dispatchEvent(new Event('error'));
    });
    expect(audio.getAttribute('src')).toBe(fresh.url);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the file cannot be played', () => {
    const { audio } = renderPlayer();
    act(() => {
      audio.dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be read right now/);
    expect(
      (screen.getByRole('button', { name: 'Play mix-v1.mp3' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

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
