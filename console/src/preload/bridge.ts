import type {
  ConsoleSession,
  SaveExportInput,
  SaveExportResult,
  SaveSessionInput,
  TextFile,
} from '../shared/ipc.ts';

export type { ConsoleSession, SaveExportInput, SaveExportResult, SaveSessionInput, TextFile };

/**
 * What the preload exposes to the renderer as `window.studio`. Types only: no runtime code.
 * Every call is an IPC request the main process validates; a refusal rejects with its message.
 */
export interface StudioBridge {
  /** The console's version, from its package.json at build time. */
  readonly version: string;
  /** The remembered server, and the session for it if one is kept. */
  getSession(): Promise<ConsoleSession>;
  /** Remembers the server to use (its origin); changing it drops the kept session. */
  setApiBase(apiBase: string): Promise<{ apiBase: string }>;
  /** Keeps the session: encrypted on disk, or in memory when the system has no key store. */
  saveSession(session: SaveSessionInput): Promise<void>;
  clearSession(): Promise<void>;
  /** The system print dialog for the page as shown. */
  printReport(options: { title: string }): Promise<void>;
  /** A save dialog, then the page as PDF there; `null` when cancelled. */
  saveReportPdf(options: { title: string }): Promise<{ path: string } | null>;
  /** The native open dialog; the main process reads the file. `null` when cancelled. */
  pickTextFile(options: { extensions: string[] }): Promise<TextFile | null>;
  /**
   * The save dialog, then the export streamed from the API to the chosen file by the main
   * process, with the token it keeps. Cancelling is an outcome, not an error.
   */
  saveExport(request: SaveExportInput): Promise<SaveExportResult>;
}
