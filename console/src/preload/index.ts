import { contextBridge, ipcRenderer } from 'electron';
import { IPC } from '../shared/ipc.ts';
import type { StudioBridge } from './bridge.ts';

/** ipcRenderer.invoke, with Electron's "Error invoking remote method ..." prefix removed. */
async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
  try {
    return (await (payload === undefined
      ? ipcRenderer.invoke(channel)
      : ipcRenderer.invoke(channel, payload))) as T;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.replace(/^Error invoking remote method '[^']*': (Error: )?/, ''));
  }
}

// Only these functions cross into the page: never ipcRenderer itself (security checklist, 20).
const bridge: StudioBridge = {
  version: __APP_VERSION__,
  getSession: () => invoke(IPC.getSession),
  setApiBase: (apiBase) => invoke(IPC.setApiBase, { apiBase }),
  saveSession: ({ token, adminName }) => invoke(IPC.saveSession, { token, adminName }),
  clearSession: () => invoke(IPC.clearSession),
  printReport: ({ title }) => invoke(IPC.printReport, { title }),
  saveReportPdf: ({ title }) => invoke(IPC.saveReportPdf, { title }),
  pickTextFile: ({ extensions }) => invoke(IPC.pickTextFile, { extensions: [...extensions] }),
  saveExport: ({ kind, query }) => invoke(IPC.saveExport, { kind, query: { ...query } }),
};

contextBridge.exposeInMainWorld('studio', bridge);
