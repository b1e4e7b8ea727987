import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { normalizeApiBase } from '../shared/api-base.ts';
import {
  type ConsoleSession,
  exportKinds,
  IPC,
  type IpcChannel,
  type SaveExportResult,
} from '../shared/ipc.ts';
import { isAppUrl } from './app-scheme.ts';
import { saveExport } from './export-file.ts';
import { printToPrinter, type SaveDialog, saveReportPdf } from './printing.ts';
import type { SessionStore } from './session-store.ts';
import type { SettingsStore } from './settings.ts';
import { type OpenDialog, pickTextFile } from './text-file.ts';

type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'>;

/**
 * Electron security checklist, item 17: only the console's own page may call. An iframe, or a
 * page the window was somehow navigated to, is refused.
 */
export function isTrustedSender(event: SenderEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/** Registers `run` for `channel`, called only for a trusted sender and a payload `schema` accepts. */
export function handleValidated<T>(
  ipcMain: Pick<IpcMain, 'handle'>,
  channel: IpcChannel,
  schema: z.ZodType<T>,
  run: (input: T, event: IpcMainInvokeEvent) => unknown,
): void {
  ipcMain.handle(channel, async (event, ...args: unknown[]) => {
    if (!isTrustedSender(event)) throw new Error(`${channel} refused: unknown sender`);
    const parsed = schema.safeParse(args[0]);
    // The payload itself is never echoed: it may hold a token.
    if (args.length > 1 || !parsed.success) throw new Error(`${channel} refused: invalid payload`);
    return run(parsed.data, event);
  });
}

const title = z.strictObject({ title: z.string().trim().min(1).max(200) });
/** A filter value as the dashboard sends it; the API judges it again. */
const filterValue = z.string().min(1).max(200).optional();

/** Every payload the renderer may send, channel by channel. */
export const payloadSchemas = {
  [IPC.getSession]: z.undefined(),
  [IPC.setApiBase]: z.strictObject({ apiBase: z.string().max(2048) }),
  [IPC.saveSession]: z.strictObject({
    // The API's tokens are base32; anything else did not come from it.
    token: z.string().regex(/^[A-Za-z0-9_-]{16,512}$/),
    adminName: z.string().max(200).nullable(),
  }),
  [IPC.clearSession]: z.undefined(),
  [IPC.printReport]: title,
  [IPC.saveReportPdf]: title,
  [IPC.pickTextFile]: z.strictObject({
    extensions: z
      .array(z.string().regex(/^[a-z0-9]{1,10}$/))
      .min(1)
      .max(10),
  }),
  [IPC.saveExport]: z.strictObject({
    kind: z.enum(exportKinds),
    query: z.strictObject({
      status: filterValue,
      q: filterValue,
      sort: filterValue,
      dir: filterValue,
      paymentState: filterValue,
    }),
  }),
} satisfies Record<IpcChannel, z.ZodType>;

export interface ConsoleIpcDeps {
  ipcMain: Pick<IpcMain, 'handle'>;
  settings: SettingsStore;
  sessions: SessionStore;
  dialog: SaveDialog & OpenDialog;
  documentsDir: () => string;
  /** Electron's `net.fetch` in the app; any fetch in tests. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The window whose page sent `event`. */
  windowOf: (event: IpcMainInvokeEvent) => BrowserWindow;
}

export function registerConsoleIpc(deps: ConsoleIpcDeps): void {
  const { ipcMain, settings, sessions, dialog } = deps;
  const on = <T>(
    channel: IpcChannel,
    schema: z.ZodType<T>,
    run: (input: T, event: IpcMainInvokeEvent) => unknown,
  ) => handleValidated(ipcMain, channel, schema, run);

  on(IPC.getSession, payloadSchemas[IPC.getSession], async (): Promise<ConsoleSession> => {
    const apiBase = settings.get().apiBase ?? null;
    const stored = await sessions.load();
    // A token belongs to the server that issued it.
    const session = stored && stored.apiBase === apiBase ? stored : null;
    return {
      apiBase,
      token: session?.token ?? null,
      adminName: session?.adminName ?? null,
      persistence: await sessions.persistence(),
    };
  });

  on(IPC.setApiBase, payloadSchemas[IPC.setApiBase], async ({ apiBase: input }) => {
    const apiBase = normalizeApiBase(input);
    if (!apiBase) throw new Error('Enter the server address, e.g. https://studio.example');
    if (apiBase !== settings.get().apiBase) {
      await sessions.clear();
      await settings.update({ apiBase });
    }
    return { apiBase };
  });

  on(IPC.saveSession, payloadSchemas[IPC.saveSession], async ({ token, adminName }) => {
    const apiBase = settings.get().apiBase;
    if (!apiBase) throw new Error('No server address is set');
    await sessions.save({ apiBase, token, adminName });
  });

  on(IPC.clearSession, payloadSchemas[IPC.clearSession], () => sessions.clear());

  on(IPC.printReport, payloadSchemas[IPC.printReport], async (_input, event) => {
    await printToPrinter(deps.windowOf(event));
  });

  on(IPC.saveReportPdf, payloadSchemas[IPC.saveReportPdf], ({ title }, event) =>
    saveReportPdf({ win: deps.windowOf(event), dialog, title, documentsDir: deps.documentsDir() }),
  );

  on(IPC.pickTextFile, payloadSchemas[IPC.pickTextFile], ({ extensions }, event) =>
    pickTextFile({ win: deps.windowOf(event), dialog, extensions }),
  );

  // The token never crosses to the renderer's side of this call: the main process holds it.
  on(
    IPC.saveExport,
    payloadSchemas[IPC.saveExport],
    async ({ kind, query }, event): Promise<SaveExportResult> => {
      const apiBase = settings.get().apiBase ?? null;
      const session = await sessions.load();
      if (!apiBase || !session || session.apiBase !== apiBase) {
        return { outcome: 'failed', status: 401, message: 'Sign in again to export.' };
      }
      const filter = Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      return saveExport({
        win: deps.windowOf(event),
        dialog,
        documentsDir: deps.documentsDir(),
        apiBase,
        token: session.token,
        kind,
        query: filter,
        fetch: deps.fetch,
      });
    },
  );
}
