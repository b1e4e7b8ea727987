/**
 * The IPC contract between the preload bridge and the main process: channel names and the
 * shapes they carry. The main process validates every payload again (ipc.ts there); these types
 * only keep the two sides in step.
 */
export const IPC = {
  getSession: 'session:get',
  setApiBase: 'settings:set-api-base',
  saveSession: 'session:save',
  clearSession: 'session:clear',
  printReport: 'report:print',
  saveReportPdf: 'report:save-pdf',
  pickTextFile: 'file:pick-text',
  saveExport: 'export:save',
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];

/** Where the sign-in is kept: encrypted on disk, or only until the console quits. */
export type SessionPersistence = 'encrypted' | 'memory';

export interface ConsoleSession {
  /** The Studio server the console talks to (an origin), once chosen. */
  apiBase: string | null;
  /** The admin's bearer token for that server, when signed in. */
  token: string | null;
  adminName: string | null;
  persistence: SessionPersistence;
}

export interface SaveSessionInput {
  token: string;
  adminName: string | null;
}

export interface TextFile {
  name: string;
  text: string;
}

/** The dashboard's CSV exports (the API's /api/admin/exports/<kind>, decision 034). */
export const exportKinds = ['orders', 'order-lines', 'subscribers', 'submissions'] as const;
export type ExportKind = (typeof exportKinds)[number];

export interface SaveExportInput {
  kind: ExportKind;
  /** The export's filter as query parameters (status, q, sort, dir, paymentState). */
  query: Record<string, string>;
}

/**
 * What became of an export: saved where the admin chose (with its size), cancelled at the
 * dialog (not an error), or failed with the API's status and message (0: no answer, or cut off)
 * and nothing left on disk.
 */
export type SaveExportResult =
  | { outcome: 'saved'; path: string; bytes: number }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; status: number; message: string };
