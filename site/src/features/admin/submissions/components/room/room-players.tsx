import { createContext, type ReactNode, use, useMemo } from 'react';

/** What the thread asks of a file's player: jump to a second, and where it is now. */
export interface PlayerHandle {
  /** Seeks to `seconds` and plays from there. */
  seek(seconds: number): void;
  currentTime(): number;
}

interface RoomPlayers {
  /** Adds a file's player; answers its removal. */
  register(fileId: string, handle: PlayerHandle): () => void;
  /** Seeks the file's player; false when the file has none on the page. */
  seek(fileId: string, seconds: number): boolean;
  currentTime(fileId: string): number | null;
}

const RoomPlayersContext = createContext<RoomPlayers | null>(null);

/**
 * The room's players by file, so a pinned comment ("1:23") seeks its file's player and an
 * answer pins to where that player is. Handles, not state: nothing re-renders as a track plays.
 */
export function RoomPlayersProvider({ children }: { children: ReactNode }) {
  const value = useMemo<RoomPlayers>(() => {
    const players = new Map<string, PlayerHandle>();
    return {
      register(fileId, handle) {
        players.set(fileId, handle);
        return () => {
          if (players.get(fileId) === handle) players.delete(fileId);
        };
      },
      seek(fileId, seconds) {
        const player = players.get(fileId);
        player?.seek(seconds);
        return player !== undefined;
      },
      currentTime: (fileId) => players.get(fileId)?.currentTime() ?? null,
    };
  }, []);
  return <RoomPlayersContext value={value}>{children}</RoomPlayersContext>;
}

export function useRoomPlayers(): RoomPlayers {
  const value = use(RoomPlayersContext);
  if (!value) throw new Error('A room player must be rendered inside RoomPlayersProvider');
  return value;
}
