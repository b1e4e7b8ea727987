import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindow as ElectronWindow, IpcMain } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../shared/ipc.ts';
import { registerConsoleIpc } from './ipc.ts';
import { createSessionStore } from './session-store.ts';
import { createSettingsStore } from './settings.ts';
import {
  BrowserWindow,
  dialog,
  ipcMain,
  resetFakeElectron,
  safeStorage,
} from './test/fake-electron.ts';

vi.mock('electron', () => import('./test/fake-electron.ts'));

const TOKEN = 'k2x7q4m9z3w8r5t6y1u0p2l4n6b8v3c5';
let dir: string;
let win: BrowserWindow;

/** An invoke event from a frame at `url` (the app's own page unless told otherwise). */
function from(url = 'app://console/index.html', parent: unknown = null) {
  return { senderFrame: { url, parent } };
}

function setup() {
  dir = mkdtempSync(path.join(tmpdir(), 'console-ipc-'));
  const settings = createSettingsStore(path.join(dir, 'settings.json'));
  const sessions = createSessionStore({
    file: path.join(dir, 'session.bin'),
    safeStorage,
    platform: 'linux',
  });
  win = new BrowserWindow({});
  registerConsoleIpc({
    ipcMain: ipcMain as unknown as IpcMain,
    settings,
    sessions,
    dialog,
    documentsDir: () => dir,
    fetch: (input, init) => fetch(input, init),
    windowOf: () => win as unknown as ElectronWindow,
  });
  return { settings, sessions };
}

beforeEach(() => {
  resetFakeElectron();
});

describe('senders', () => {
  it.each([
    ['a page elsewhere', from('https://evil.example/')],
    ['a file page', from('file:///tmp/x.html')],
    ['an iframe inside the app', from('app://console/index.html', { url: 'app://console/' })],
    ['no frame (already gone)', { senderFrame: null }],
    ['a look-alike host', from('app://console.evil/index.html')],
  ])('refuses %s on every channel', async (_who, event) => {
    setup();
    for (const channel of Object.values(IPC)) {
      await expect(ipcMain.invoke(channel, event, undefined)).rejects.toThrow(
        `${channel} refused: unknown sender`,
      );
    }
    expect(dialog.showOpenDialog).not.toHaveBeenCalled();
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
    expect(existsSync(path.join(dir, 'settings.json'))).toBe(false);
  });
});

describe('payloads', () => {
  it.each([
    [IPC.getSession, { anything: 1 }],
    [IPC.setApiBase, undefined],
    [IPC.setApiBase, { apiBase: 42 }],
    [IPC.setApiBase, { apiBase: 'https://a.example', extra: true }],
    [IPC.setApiBase, { apiBase: `https://${'a'.repeat(3000)}.example` }],
    [IPC.saveSession, { token: 'short', adminName: 'Ada' }],
    [IPC.saveSession, { token: `${TOKEN}"; rm -rf /`, adminName: 'Ada' }],
    [IPC.saveSession, { token: TOKEN }],
    [IPC.saveSession, { token: TOKEN, adminName: 'x'.repeat(201) }],
    [IPC.clearSession, 'now'],
    [IPC.printReport, { title: '' }],
    [IPC.printReport, { title: 'x'.repeat(201) }],
    [IPC.saveReportPdf, { title: 7 }],
    [IPC.saveReportPdf, null],
    [IPC.pickTextFile, { extensions: [] }],
    [IPC.pickTextFile, { extensions: ['../csv'] }],
    [IPC.pickTextFile, { extensions: 'csv' }],
    [IPC.pickTextFile, { extensions: ['csv'], defaultPath: '/etc/passwd' }],
    [IPC.saveExport, undefined],
    [IPC.saveExport, { kind: 'users', query: {} }],
    [IPC.saveExport, { kind: 'orders' }],
    [IPC.saveExport, { kind: 'orders', query: { token: 'x' } }],
    [IPC.saveExport, { kind: 'orders', query: { q: 'x'.repeat(201) } }],
    [IPC.saveExport, { kind: 'orders', query: {}, path: '/etc/passwd' }],
  ])('refuses %s with %j', async (channel, payload) => {
    setup();
    await expect(ipcMain.invoke(channel, from(), payload)).rejects.toThrow(
      `${channel} refused: invalid payload`,
    );
    expect(dialog.showOpenDialog).not.toHaveBeenCalled();
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
  });

  it('refuses extra arguments', async () => {
    setup();
    await expect(ipcMain.invoke(IPC.clearSession, from(), undefined, 'x')).rejects.toThrow(
      'invalid payload',
    );
  });

  it('never echoes a refused payload (it may hold a token)', async () => {
    setup();
    const error = await ipcMain
      .invoke(IPC.saveSession, from(), { token: 'secret-token-value!', adminName: null })
      .catch((e: Error) => e);
    expect(String(error)).not.toContain('secret-token-value');
  });
});

describe('the session over IPC', () => {
  it('remembers the server, keeps the token encrypted and hands it back', async () => {
    setup();
    expect(await ipcMain.invoke(IPC.getSession, from())).toEqual({
      apiBase: null,
      token: null,
      adminName: null,
      persistence: 'encrypted',
    });

    expect(await ipcMain.invoke(IPC.setApiBase, from(), { apiBase: ' studio.example/ ' })).toEqual({
      apiBase: 'https://studio.example',
    });
    await ipcMain.invoke(IPC.saveSession, from(), { token: TOKEN, adminName: 'Ada' });

    expect(readFileSync(path.join(dir, 'session.bin')).includes(TOKEN)).toBe(false);
    expect(await ipcMain.invoke(IPC.getSession, from())).toEqual({
      apiBase: 'https://studio.example',
      token: TOKEN,
      adminName: 'Ada',
      persistence: 'encrypted',
    });
  });

  it('drops the token when the server changes: it belongs to the one that issued it', async () => {
    setup();
    await ipcMain.invoke(IPC.setApiBase, from(), { apiBase: 'https://a.example' });
    await ipcMain.invoke(IPC.saveSession, from(), { token: TOKEN, adminName: 'Ada' });

    await ipcMain.invoke(IPC.setApiBase, from(), { apiBase: 'https://a.example/' });
    expect(await ipcMain.invoke(IPC.getSession, from())).toMatchObject({ token: TOKEN });

    await ipcMain.invoke(IPC.setApiBase, from(), { apiBase: 'https://b.example' });
    expect(await ipcMain.invoke(IPC.getSession, from())).toMatchObject({
      apiBase: 'https://b.example',
      token: null,
    });
  });

  it('refuses an address that is not a server origin', async () => {
    const { settings } = setup();
    await expect(
      ipcMain.invoke(IPC.setApiBase, from(), { apiBase: 'file:///etc/passwd' }),
    ).rejects.toThrow('Enter the server address');
    expect(settings.get().apiBase).toBeUndefined();
  });

  it('clears the session', async () => {
    setup();
    await ipcMain.invoke(IPC.setApiBase, from(), { apiBase: 'https://a.example' });
    await ipcMain.invoke(IPC.saveSession, from(), { token: TOKEN, adminName: null });
    await ipcMain.invoke(IPC.clearSession, from());
    expect(await ipcMain.invoke(IPC.getSession, from())).toMatchObject({ token: null });
    expect(existsSync(path.join(dir, 'session.bin'))).toBe(false);
  });
});

describe('printing and files over IPC', () => {
  it('saves the report as PDF where the dialog says', async () => {
    setup();
    const target = path.join(dir, 'Report May.pdf');
    dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });

    expect(await ipcMain.invoke(IPC.saveReportPdf, from(), { title: 'Report May' })).toEqual({
      path: target,
    });
    expect(readFileSync(target, 'utf8')).toMatch(/^%PDF/);
  });

  it('prints to a printer through the system dialog', async () => {
    setup();
    await ipcMain.invoke(IPC.printReport, from(), { title: 'Report' });
    expect(win.webContents.print).toHaveBeenCalledWith(
      expect.objectContaining({ silent: false }),
      expect.any(Function),
    );
  });

  it('reads the file chosen in the open dialog', async () => {
    setup();
    const list = path.join(dir, 'list.csv');
    writeFileSync(list, 'email\na@b.co\n');
    dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: [list] });

    expect(await ipcMain.invoke(IPC.pickTextFile, from(), { extensions: ['csv', 'txt'] })).toEqual({
      name: 'list.csv',
      text: 'email\na@b.co\n',
    });
  });
});
