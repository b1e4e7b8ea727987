import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { BaseWindow } from 'electron';
import type { ExportKind, SaveExportResult } from '../shared/ipc.ts';
import type { SaveDialog } from './printing.ts';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const titles: Record<ExportKind, string> = {
  orders: 'orders',
  'order-lines': 'order lines',
  subscribers: 'subscribers',
  submissions: 'submissions',
};

/** The name the save dialog offers: what the API names the file, `orders-2026-01-31.csv`. */
export function exportFileName(kind: ExportKind, now = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The API's error message, else `fallback` (a proxy's page, or no body). */
async function messageOf(res: Response, fallback: string): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Save as CSV (decision 034): asks where first (nothing is fetched or written when the admin
 * cancels), then streams GET /api/admin/exports/<kind> with the admin's token into a hidden
 * `.part` file beside the chosen one, renamed over it once the last byte is written. A refused
 * call, a cut connection or a full disk removes the part file: the chosen path is left as it
 * was, never holding half an export. The export never sits whole in memory.
 */
export async function saveExport({
  win,
  dialog,
  documentsDir,
  apiBase,
  token,
  kind,
  query,
  fetch,
  now = new Date(),
}: {
  win: BaseWindow;
  dialog: SaveDialog;
  documentsDir: string;
  apiBase: string;
  token: string;
  kind: ExportKind;
  query: Record<string, string>;
  fetch: Fetch;
  now?: Date;
}): Promise<SaveExportResult> {
  const choice = await dialog.showSaveDialog(win, {
    title: `Save ${titles[kind]} as CSV`,
    defaultPath: path.join(documentsDir, exportFileName(kind, now)),
    filters: [{ name: 'CSV file', extensions: ['csv'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (choice.canceled || !choice.filePath) return { outcome: 'cancelled' };
  const target = path.extname(choice.filePath) ? choice.filePath : `${choice.filePath}.csv`;

  const search = new URLSearchParams(query).toString();
  let res: Response;
  try {
    res = await fetch(`${apiBase}/api/admin/exports/${kind}${search ? `?${search}` : ''}`, {
      headers: { Authorization: `Bearer ${token}` },
      // A redirect would re-send the bearer token somewhere else (decision 013).
      redirect: 'manual',
    });
  } catch {
    return { outcome: 'failed', status: 0, message: `Could not reach the server at ${apiBase}.` };
  }
  if (res.status !== 200 || !res.body) {
    const message =
      res.status >= 300 && res.status < 400
        ? `The server at ${apiBase} redirected the call; sign in with that address instead.`
        : await messageOf(res, `The server answered ${res.status}.`);
    return {
      outcome: 'failed',
      status: res.status >= 300 && res.status < 400 ? 0 : res.status,
      message,
    };
  }

  // Hidden, beside the target (so the rename stays on one disk), and unique to this save.
  const part = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.part`,
  );
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      count,
      createWriteStream(part, { flags: 'wx' }),
    );
    await rename(part, target);
  } catch (error) {
    await rm(part, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    return {
      outcome: 'failed',
      status: 0,
      message: `The download was cut off (${reason}); nothing was saved. Try again.`,
    };
  }
  return { outcome: 'saved', path: target, bytes };
}
