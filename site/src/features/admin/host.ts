import type { ExportKind } from '@studio/shared/schemas/exports';

/** One CSV export the dashboard asks its host to save (decision 034). */
export interface ExportRequest {
  kind: ExportKind;
  /** The export's filter as the API's query parameters, e.g. `{ status: 'paid', q: 'ada' }`. */
  query: Record<string, string>;
  /** Asks the API for a short-lived signed URL of the export, absolute. */
  link: () => Promise<string>;
}

/**
 * What became of an export: `started` (the browser saves it as its own download), `saved` (where
 * the admin chose, with its size), `cancelled` (the admin closed the save dialog: not an error)
 * or `failed` (the API's status and message, 0 with no answer; nothing is left on disk).
 */
export type ExportOutcome =
  | { outcome: 'started' }
  | { outcome: 'saved'; path: string; bytes: number }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; status: number; message: string };

/**
 * What differs between the dashboard in a browser (/admin) and in the desktop console: where the
 * API is, how the token is kept, printing and reading local files. The dashboard reaches the
 * outside world only through this interface; `hosts/browser-host.ts` implements it for the site,
 * the console's renderer implements it over its preload bridge.
 */
export interface AdminHost {
  readonly kind: 'browser' | 'desktop';
  /** The origin serving the API, e.g. https://studio.example (the site passes its own). */
  readonly apiBase: string;
  /** The admin's bearer token, read on every request. */
  token(): string | null;
  /** The signed-in admin's first name, for the greeting. */
  adminName(): string | null;
  /** Ends the session here (and, best effort, on the server), then leaves the dashboard. */
  logout(): Promise<void>;
  /** An authenticated call was answered 401: the session is gone (spec 8). */
  sessionExpired(): void;
  /**
   * An admin call was refused because this account is no longer an admin (another admin took the
   * role): signs out here and on the server, and says why at sign-in. Called once however many
   * calls were refused.
   */
  adminRoleLost(): void;
  /** Prints the report now in the document (its print CSS hides everything else). */
  printReport(options: { title: string }): Promise<void>;
  /** Desktop only: saves the report as a PDF where the admin chooses; `null` if cancelled. */
  saveReportPdf?(options: { title: string }): Promise<{ path: string } | null>;
  /** A local text file (.txt, .csv) the admin chooses; `null` if cancelled. */
  pickTextFile(options: { extensions: string[] }): Promise<{ name: string; text: string } | null>;
  /**
   * Saves a CSV export as it streams, never whole in memory: the browser follows the signed link
   * (`request.link()`) as a native download; the desktop asks where with the system's save dialog
   * and writes the response there from its main process.
   */
  saveExport(request: ExportRequest): Promise<ExportOutcome>;
}
