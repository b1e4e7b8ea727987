import { createContext, type ReactNode, use, useState } from 'react';

/** What the rest of the room may ask of a file's player. */
export interface PlayerHandle {
  /** Moves the playhead to `seconds`, starts playing and brings the player into view. */
  seek(seconds: number): void;
  pause(): void;
  /** Where the playhead is, in seconds. */
  currentTime(): number;
}

export interface RoomPlayers {
  /** Adds a file's player; the returned function removes it. */
  register(fileId: string, handle: PlayerHandle): () => void;
  /** Seeks the file's player; false when the file has none (a final, or a file not shown). */
  seek(fileId: string, seconds: number): boolean;
  /** Where the file's player is (an answer pins there); null when the file has none. */
  currentTime(fileId: string): number | null;
  /** Called by a player that starts, so only one plays at a time. */
  playing(fileId: string): void;
}

function createRoomPlayers(): RoomPlayers {
  const handles = new Map<string, PlayerHandle>();
  return {
    register(fileId, handle) {
      handles.set(fileId, handle);
      return () => {
        if (handles.get(fileId) === handle) handles.delete(fileId);
      };
    },
    seek(fileId, seconds) {
      const handle = handles.get(fileId);
      handle?.seek(seconds);
      return handle !== undefined;
    },
    currentTime: (fileId) => handles.get(fileId)?.currentTime() ?? null,
    playing(fileId) {
      for (const [id, handle] of handles) if (id !== fileId) handle.pause();
    },
  };
}

const RoomPlayersContext = createContext<RoomPlayers | null>(null);

/**
 * The room's players by file id, on the client's page and in the studio's tab alike: a comment
 * pinned at 1:23 seeks its file's player, which sits in another part of the page, and an answer
 * pins at where that player is. Handles, not state: nothing re-renders as a track plays.
 */
export function RoomPlayersProvider({ children }: { children: ReactNode }) {
  const [players] = useState(createRoomPlayers);
  return <RoomPlayersContext value={players}>{children}</RoomPlayersContext>;
}

export function useRoomPlayers(): RoomPlayers {
  const players = use(RoomPlayersContext);
  if (!players) throw new Error('useRoomPlayers needs a RoomPlayersProvider');
  return players;
}
