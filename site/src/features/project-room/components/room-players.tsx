import { createContext, type ReactNode, useContext, useRef } from 'react';

/** What the rest of the room may ask of a file's player. */
export interface PlayerHandle {
  /** Moves the playhead to `seconds`, starts playing and brings the player into view. */
  seek(seconds: number): void;
  pause(): void;
}

interface Players {
  /** Adds a file's player; the returned function removes it. */
  register(fileId: string, handle: PlayerHandle): () => void;
  /** Seeks the file's player; false when the file has none (a final, or a file not shown). */
  seek(fileId: string, seconds: number): boolean;
  /** Called by a player that starts, so only one plays at a time. */
  playing(fileId: string): void;
}

const PlayersContext = createContext<Players | null>(null);

/**
 * The room's players by file id, so a comment pinned at 1:23 in a file can seek that file's
 * player, which sits in another part of the page.
 */
export function RoomPlayersProvider({ children }: { children: ReactNode }) {
  const handles = useRef(new Map<string, PlayerHandle>());
  const players = useRef<Players>({
    register(fileId, handle) {
      handles.current.set(fileId, handle);
      return () => {
        if (handles.current.get(fileId) === handle) handles.current.delete(fileId);
      };
    },
    seek(fileId, seconds) {
      const handle = handles.current.get(fileId);
      handle?.seek(seconds);
      return handle !== undefined;
    },
    playing(fileId) {
      for (const [id, handle] of handles.current) if (id !== fileId) handle.pause();
    },
  });
  return <PlayersContext.Provider value={players.current}>{children}</PlayersContext.Provider>;
}

export function useRoomPlayers(): Players {
  const players = useContext(PlayersContext);
  if (!players) throw new Error('useRoomPlayers needs a RoomPlayersProvider');
  return players;
}
