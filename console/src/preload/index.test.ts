import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contextBridge, ipcRenderer } from '../main/test/fake-electron.ts';
import { IPC } from '../shared/ipc.ts';
import type { StudioBridge } from './bridge.ts';

vi.mock('electron', () => import('../main/test/fake-electron.ts'));

let studio: StudioBridge;

beforeAll(async () => {
  await import('./index.ts');
  studio = contextBridge.exposed.studio as StudioBridge;
});

describe('the preload bridge (window.studio)', () => {
  it('exposes the version and functions only: never ipcRenderer or a generic invoke', () => {
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
    expect(Object.keys(studio).sort()).toEqual(
      [
        'version',
        'getSession',
        'setApiBase',
        'saveSession',
        'clearSession',
        'printReport',
        'saveReportPdf',
        'pickTextFile',
        'saveExport',
      ].sort(),
    );
    expect(studio.version).toBe('0.0.0-test');
    expect(Object.values(studio).includes(ipcRenderer)).toBe(false);
  });

  it.each([
    ['getSession', [], IPC.getSession, []],
    ['setApiBase', ['https://a.example'], IPC.setApiBase, [{ apiBase: 'https://a.example' }]],
    [
      'saveSession',
      [{ token: 't', adminName: 'Ada', extra: 'dropped' }],
      IPC.saveSession,
      [{ token: 't', adminName: 'Ada' }],
    ],
    ['clearSession', [], IPC.clearSession, []],
    ['printReport', [{ title: 'R' }], IPC.printReport, [{ title: 'R' }]],
    ['saveReportPdf', [{ title: 'R' }], IPC.saveReportPdf, [{ title: 'R' }]],
    ['pickTextFile', [{ extensions: ['csv'] }], IPC.pickTextFile, [{ extensions: ['csv'] }]],
    [
      'saveExport',
      [{ kind: 'orders', query: { status: 'paid' }, extra: 'dropped' }],
      IPC.saveExport,
      [{ kind: 'orders', query: { status: 'paid' } }],
    ],
  ] as const)(
    '%s sends exactly its own payload on its channel',
    async (name, args, channel, sent) => {
      ipcRenderer.invoke.mockClear();
      const call = studio[name] as (...a: unknown[]) => Promise<unknown>;
      await call(...args);
      expect(ipcRenderer.invoke).toHaveBeenCalledWith(channel, ...sent);
    },
  );

  it("passes the main process's refusal on without Electron's prefix", async () => {
    ipcRenderer.invoke.mockRejectedValueOnce(
      new Error(
        "Error invoking remote method 'file:pick-text': Error: list.csv is larger than 5 MB",
      ),
    );
    await expect(studio.pickTextFile({ extensions: ['csv'] })).rejects.toThrow(
      /^list\.csv is larger than 5 MB$/,
    );
  });
});
