import { formatTrackTime } from '@studio/shared/project-room';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RoomPlayers, RoomPlayersProvider, useRoomPlayers } from './room-players';
import { fakeAudio, loadMetadata, renderInTheme } from './test/room-ui-fixture';
import { TrackPlayer } from './track-player';

const file = { id: 'preview-1', name: 'mix-v1.mp3', url: '/api/files/mix-v1.mp3' };
const other = { id: 'preview-2', name: 'mix-v2.mp3', url: '/api/files/mix-v2.mp3' };

function renderPlayer(onCommentAt?: (seconds: number) => void) {
  const view = renderInTheme(
    <RoomPlayersProvider>
      <TrackPlayer file={file} {...(onCommentAt ? { onCommentAt } : {})} />
    </RoomPlayersProvider>,
  );
  const audio = view.container.querySelector('audio') as HTMLAudioElement;
  return { ...view, audio };
}

/** Hands over the room's players as the thread and the comment forms reach them. */
function Thread({ onPlayers }: { onPlayers: (players: RoomPlayers) => void }) {
  onPlayers(useRoomPlayers());
  return null;
}

function renderRoom(files = [file, other]) {
  let players: RoomPlayers | undefined;
  const view = renderInTheme(
    <RoomPlayersProvider>
      {files.map((f) => (
        <TrackPlayer key={f.id} file={f} />
      ))}
      <Thread
        onPlayers={(p) => {
          players = p;
        }}
      />
    </RoomPlayersProvider>,
  );
  const audioOf = (id: string) =>
    view.container.querySelector(`[data-track-player="${id}"] audio`) as HTMLAudioElement;
  return { ...view, players: players as RoomPlayers, audioOf };
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

  it('reaches as far as was played while the length is unknown (a stream)', () => {
    const { audio } = renderPlayer();
    act(() => loadMetadata(audio, Number.POSITIVE_INFINITY));
    act(() => {
      audio.currentTime = 42;
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.getByText('0:42 / 0:42')).toBeTruthy();
    const slider = screen.getByRole('slider', { name: 'Seek mix-v1.mp3' }) as HTMLInputElement;
    expect(slider.value).toBe('42');
    expect(slider.disabled).toBe(false);
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

  it('offers no "Comment at" where the page does not ask for one (the studio’s tab)', () => {
    renderPlayer();
    expect(screen.queryByRole('button', { name: /^Comment at/ })).toBeNull();
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

describe("the room's players", () => {
  it('seek a file’s player there and play it; false for a file with no player', () => {
    const { play } = fakeAudio();
    const { players, audioOf } = renderRoom();
    act(() => loadMetadata(audioOf(file.id), 225));
    let found = false;
    act(() => {
      found = players.seek(file.id, 83);
    });
    expect(found).toBe(true);
    expect(audioOf(file.id).currentTime).toBe(83);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause mix-v1.mp3' })).toBeTruthy();
    expect(players.seek('a-final', 12)).toBe(false);
  });

  it('answer where a file’s player is, to pin an answer there; null for a file with none', () => {
    const { players, audioOf } = renderRoom();
    audioOf(other.id).currentTime = 42.7;
    expect(players.currentTime(other.id)).toBe(42.7);
    expect(players.currentTime(file.id)).toBe(0);
    expect(players.currentTime('a-final')).toBeNull();
  });

  it('play one at a time: a player that starts pauses the one playing', () => {
    const { pause } = fakeAudio();
    renderRoom();
    fireEvent.click(screen.getByRole('button', { name: 'Play mix-v1.mp3' }));
    expect(screen.getByRole('button', { name: 'Pause mix-v1.mp3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play mix-v2.mp3' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play mix-v1.mp3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause mix-v2.mp3' })).toBeTruthy();
  });

  it('forget a player that leaves the page', () => {
    const { players, rerender } = renderRoom();
    rerender(
      <RoomPlayersProvider>
        <TrackPlayer file={other} />
      </RoomPlayersProvider>,
    );
    expect(players.seek(file.id, 10)).toBe(false);
    expect(players.currentTime(file.id)).toBeNull();
  });
});
