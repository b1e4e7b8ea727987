import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { roomMessages } from '@studio/shared/messages/project-room';
import { formatTrackTime } from '@studio/shared/project-room';
import { IconMessagePlus, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useRoomPlayers } from './room-players';
import classes from './track-player.module.css';

export interface PlayableFile {
  id: string;
  name: string;
  /** The file's day-long URL: the audio element streams it, seeking by Range requests. */
  url: string;
}

/** A length the player can show: the element's duration once known (a stream's is Infinity). */
const known = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? seconds : 0);

/**
 * A preview's player, in the client's room and the studio's tab: a native <audio> (Range
 * requests, so seeking a long mix loads only what is played; no controls of its own) driven by a
 * play/pause button, a seek slider that says the time in words (arrow keys step a second), and
 * the time as "1:23 / 3:45". "Comment at 1:23", where the page offers it, hands the current
 * second to the comment form; a pinned comment seeks here and an answer pins at its time through
 * the room's players.
 */
export function TrackPlayer({
  file,
  onCommentAt,
}: {
  file: PlayableFile;
  onCommentAt?: (seconds: number) => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const players = useRoomPlayers();
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);
  // Every answer of the room signs its URLs anew; swapping the source would stop the track and
  // lose its place, so the player keeps the one it started with until that one fails (a day on).
  const [src, setSrc] = useState(file.url);
  const onError = () => {
    if (file.url !== src) setSrc(file.url);
    else setFailed(true);
  };

  useEffect(
    () =>
      players.register(file.id, {
        seek(seconds) {
          const el = audio.current;
          if (!el) return;
          el.currentTime = seconds;
          setCurrent(seconds);
          // Autoplay rules may refuse; the playhead is there for the play button anyway.
          el.play()?.catch(() => {});
          root.current?.scrollIntoView?.({ block: 'nearest' });
        },
        pause() {
          audio.current?.pause();
        },
        currentTime: () => audio.current?.currentTime ?? 0,
      }),
    [players, file.id],
  );

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) el.play()?.catch(() => {});
    else el.pause();
  };

  const seekTo = (seconds: number) => {
    if (audio.current) audio.current.currentTime = seconds;
    setCurrent(seconds);
  };

  // Until the length is known (a stream's never is), the bar reaches as far as was played.
  const length = Math.max(known(duration), current);
  const label = playing ? `Pause ${file.name}` : `Play ${file.name}`;
  return (
    <div ref={root} className={classes.player} data-track-player={file.id}>
      {/* biome-ignore lint/a11y/useMediaCaption: music previews have no words to caption. */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onPlay={() => {
          setPlaying(true);
          players.playing(file.id);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={onError}
      />
      <Group gap="sm" wrap="nowrap" className={classes.controls}>
        <ActionIcon
          size={44}
          radius="xl"
          variant="filled"
          aria-label={label}
          title={label}
          onClick={toggle}
          disabled={failed}
        >
          {playing ? (
            <IconPlayerPauseFilled size={20} aria-hidden />
          ) : (
            <IconPlayerPlayFilled size={20} aria-hidden />
          )}
        </ActionIcon>
        <input
          type="range"
          className={classes.seek}
          min={0}
          max={length}
          step={1}
          value={current}
          disabled={failed || length === 0}
          aria-label={`Seek ${file.name}`}
          aria-valuetext={`${formatTrackTime(current)} of ${formatTrackTime(length)}`}
          onChange={(e) => seekTo(Number(e.currentTarget.value))}
          style={
            {
              '--played': length ? `${(current / length) * 100}%` : '0%',
            } as CSSProperties
          }
        />
        <Text size="sm" className={classes.time} data-track-time>
          {formatTrackTime(current)} / {formatTrackTime(length)}
        </Text>
      </Group>
      {failed ? (
        <Text size="sm" c="red.3" role="alert">
          {roomMessages.fileUnavailable}
        </Text>
      ) : (
        onCommentAt && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMessagePlus size={16} aria-hidden />}
            aria-label={`Comment at ${formatTrackTime(current)} in ${file.name}`}
            onClick={() => onCommentAt(Math.floor(current))}
            className={classes.commentAt}
          >
            Comment at {formatTrackTime(current)}
          </Button>
        )
      )}
    </div>
  );
}
