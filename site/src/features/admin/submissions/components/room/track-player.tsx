import { ActionIcon, Group, Slider, Text } from '@mantine/core';
import { formatTrackTime } from '@studio/shared/project-room';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useApiUrl } from '../../../admin-context';
import { useRoomPlayers } from './room-players';

/**
 * A preview's player: the browser's own <audio> (Range requests, so seeking a long mix loads
 * only what is played) under controls of our own, so the thread can seek it: Play/Pause, a seek
 * slider (arrow keys step a second) and the time. `url` is the room's day-long signed file URL.
 */
export function TrackPlayer({ fileId, name, url }: { fileId: string; name: string; url: string }) {
  const apiUrl = useApiUrl();
  const players = useRoomPlayers();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(
    () =>
      players.register(fileId, {
        seek(seconds) {
          const el = audio.current;
          if (!el) return;
          el.currentTime = seconds;
          setPosition(seconds);
          el.closest('[data-track-player]')?.scrollIntoView?.({ block: 'nearest' });
          void Promise.resolve(el.play()).catch(() => {});
        },
        currentTime: () => audio.current?.currentTime ?? 0,
      }),
    [players, fileId],
  );

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void Promise.resolve(el.play()).catch(() => {});
    else el.pause();
  };
  const seek = (seconds: number) => {
    if (audio.current) audio.current.currentTime = seconds;
    setPosition(seconds);
  };
  const end = Math.max(duration, position);

  return (
    <Group gap="xs" wrap="nowrap" data-track-player={fileId}>
      {/* biome-ignore lint/a11y/useMediaCaption: a mix to listen to has no words to caption */}
      <audio
        ref={audio}
        src={apiUrl(url)}
        preload="metadata"
        onLoadedMetadata={(e) =>
          setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)
        }
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <ActionIcon
        variant="filled"
        size="lg"
        radius="xl"
        onClick={toggle}
        aria-label={playing ? `Pause ${name}` : `Play ${name}`}
      >
        {playing ? (
          <IconPlayerPauseFilled size={18} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={18} aria-hidden />
        )}
      </ActionIcon>
      <Slider
        style={{ flex: 1, minWidth: 0 }}
        min={0}
        max={end > 0 ? end : 1}
        step={1}
        value={position}
        onChange={seek}
        label={formatTrackTime}
        thumbLabel={`Position in ${name}`}
        thumbValueText={(v) => `${formatTrackTime(v)} of ${formatTrackTime(end)}`}
        disabled={end === 0}
      />
      <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }} data-track-time>
        {`${formatTrackTime(position)} / ${formatTrackTime(end)}`}
      </Text>
    </Group>
  );
}
