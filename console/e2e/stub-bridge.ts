import type { Page } from 'playwright-core';
import { normalizeApiBase } from '../src/shared/api-base.ts';
import type { ConsoleSession, SaveExportResult, TextFile } from '../src/shared/ipc.ts';

/** What the stubbed main process holds and what the page asked of it. */
export interface BridgeState {
  apiBase: string | null;
  session: { apiBase: string; token: string; adminName: string | null } | null;
  persistence: ConsoleSession['persistence'];
  /** What the next open dialog "chooses"; null is a cancel. */
  nextFile: TextFile | null;
  /** What the next export's save dialog and download come to. */
  nextExport: SaveExportResult;
  calls: { channel: string; payload: unknown }[];
}

export function freshBridgeState(): BridgeState {
  return {
    apiBase: null,
    session: null,
    persistence: 'encrypted',
    nextFile: null,
    nextExport: { outcome: 'cancelled' },
    calls: [],
  };
}

/**
 * `window.studio` as the preload exposes it, each call answered here in Node the way the main
 * process's IPC handlers answer it (src/main/ipc.ts), without Electron.
 */
export async function stubBridge(page: Page, state: BridgeState): Promise<void> {
  await page.exposeFunction('__studioIpc', async (channel: string, payload: unknown) => {
    state.calls.push({ channel, payload });
    switch (channel) {
      case 'session:get': {
        const s = state.session?.apiBase === state.apiBase ? state.session : null;
        return {
          apiBase: state.apiBase,
          token: s?.token ?? null,
          adminName: s?.adminName ?? null,
          persistence: state.persistence,
        } satisfies ConsoleSession;
      }
      case 'settings:set-api-base': {
        const apiBase = normalizeApiBase((payload as { apiBase: string }).apiBase);
        if (!apiBase) throw new Error('Enter the server address, e.g. https://studio.example');
        if (apiBase !== state.apiBase) state.session = null;
        state.apiBase = apiBase;
        return { apiBase };
      }
      case 'session:save': {
        const { token, adminName } = payload as { token: string; adminName: string | null };
        state.session = { apiBase: state.apiBase ?? '', token, adminName };
        return undefined;
      }
      case 'session:clear':
        state.session = null;
        return undefined;
      case 'file:pick-text':
        return state.nextFile;
      case 'report:print':
        return undefined;
      case 'report:save-pdf':
        return { path: '/tmp/report.pdf' };
      case 'export:save':
        return state.nextExport;
      default:
        throw new Error(`unknown channel ${channel}`);
    }
  });
  await page.addInitScript(() => {
    const ipc = (
      globalThis as unknown as { __studioIpc: (c: string, p?: unknown) => Promise<never> }
    ).__studioIpc;
    Object.defineProperty(globalThis, 'studio', {
      value: Object.freeze({
        version: 'e2e',
        getSession: () => ipc('session:get'),
        setApiBase: (apiBase: string) => ipc('settings:set-api-base', { apiBase }),
        saveSession: (s: unknown) => ipc('session:save', s),
        clearSession: () => ipc('session:clear'),
        printReport: (o: unknown) => ipc('report:print', o),
        saveReportPdf: (o: unknown) => ipc('report:save-pdf', o),
        pickTextFile: (o: unknown) => ipc('file:pick-text', o),
        saveExport: (o: unknown) => ipc('export:save', o),
      }),
    });
  });
}
