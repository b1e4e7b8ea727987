import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindow as ElectronWindow, IpcMain } from 'electron';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../shared/ipc.ts';
import { exportFileName, saveExport } from './export-file.ts';
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
const NOW = new Date('2026-01-31T12:00:00Z');

/**
 * What the stand-in API streams: a BOM, accents and 2 MB more, in 64 KB chunks (so the save
 * really is a stream of many writes).
 */
const CSV = Buffer.concat([
  Buffer.from('\ufeff"Order number","Customer"\r\n"ORD-1","Zoë Ångström"\r\n', 'utf8'),
  Buffer.from(randomBytes(1024 * 1024).toString('hex')),
]);

let server: Server;
let apiBase: string;
const requests: IncomingMessage[] = [];

function send(res: import('node:http').ServerResponse, bytes: Buffer, cutAt?: number) {
  res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
  let at = 0;
  const next = () => {
    if (cutAt !== undefined && at >= cutAt) {
      // The API's database went away mid-export: the connection is cut, the body never ends.
      res.socket?.destroy();
      return;
    }
    if (at >= bytes.length) {
      res.end();
      return;
    }
    const chunk = bytes.subarray(at, at + 64 * 1024);
    at += chunk.length;
    if (res.write(chunk)) setImmediate(next);
    else res.once('drain', next);
  };
  next();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Your session has expired', code: 'UNAUTHORIZED' }));
      return;
    }
    if (url.pathname === '/api/admin/exports/orders') return send(res, CSV);
    if (url.pathname === '/api/admin/exports/subscribers') return send(res, CSV, 512 * 1024);
    if (url.pathname === '/api/admin/exports/submissions') {
      res.writeHead(302, { location: 'https://elsewhere.example/' });
      res.end();
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let dir: string;
let win: BrowserWindow;

beforeEach(() => {
  resetFakeElectron();
  requests.length = 0;
  dir = mkdtempSync(path.join(tmpdir(), 'console-export-'));
  win = new BrowserWindow({});
});

// Each test's folders go with it, whatever it left there.
const scratch: string[] = [];
const scratchDir = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'console-export-out-'));
  scratch.push(made);
  return made;
};
afterEach(() => {
  for (const d of [dir, ...scratch.splice(0)]) rmSync(d, { recursive: true, force: true });
});

const save = (kind: 'orders' | 'subscribers' | 'submissions', query = {}, token = TOKEN) =>
  saveExport({
    win: win as unknown as ElectronWindow,
    dialog,
    documentsDir: dir,
    apiBase,
    token,
    kind,
    query,
    fetch: (input, init) => fetch(input, init),
    now: NOW,
  });

const choose = (file: string | null) =>
  dialog.showSaveDialog.mockResolvedValue(
    file === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: file },
  );

describe('saveExport', () => {
  it('asks where with a dated CSV name, then writes the bytes the API streamed, exactly', async () => {
    const target = path.join(dir, 'my orders.csv');
    choose(target);
    const result = await save('orders', { status: 'paid', q: 'Zoë' });

    expect(dialog.showSaveDialog).toHaveBeenCalledWith(win, {
      title: 'Save orders as CSV',
      defaultPath: path.join(dir, 'orders-2026-01-31.csv'),
      filters: [{ name: 'CSV file', extensions: ['csv'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    expect(result).toEqual({ outcome: 'saved', path: target, bytes: CSV.length });
    expect(readFileSync(target).equals(CSV)).toBe(true);
    // One call, with the admin's token and the dashboard's filter.
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/admin/exports/orders?status=paid&q=Zo%C3%AB');
    expect(readdirSync(dir)).toEqual(['my orders.csv']);
  });

  it('adds .csv to a name typed without an extension', async () => {
    choose(path.join(dir, 'orders'));
    const result = await save('orders');
    expect(result).toMatchObject({ outcome: 'saved', path: path.join(dir, 'orders.csv') });
    expect(readdirSync(dir)).toEqual(['orders.csv']);
  });

  it('does nothing when the admin cancels the dialog: no call, no file, no error', async () => {
    choose(null);
    expect(await save('orders')).toEqual({ outcome: 'cancelled' });
    expect(requests).toHaveLength(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no file, partial or whole, when the download is cut off midway', async () => {
    const target = path.join(dir, 'subscribers.csv');
    choose(target);
    const result = await save('subscribers');
    expect(result).toMatchObject({ outcome: 'failed', status: 0 });
    expect(result.outcome === 'failed' && result.message).toMatch(/cut off.*nothing was saved/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the file it was to replace as it was when the download fails', async () => {
    const target = path.join(dir, 'subscribers.csv');
    writeFileSync(target, 'last week’s export');
    choose(target);
    expect(await save('subscribers')).toMatchObject({ outcome: 'failed' });
    expect(readFileSync(target, 'utf8')).toBe('last week’s export');
    expect(readdirSync(dir)).toEqual(['subscribers.csv']);
  });

  it('answers the API’s refusal with its status and message, writing nothing', async () => {
    choose(path.join(dir, 'orders.csv'));
    expect(await save('orders', {}, 'an-old-token-0000000000')).toEqual({
      outcome: 'failed',
      status: 401,
      message: 'Your session has expired',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does not follow a redirect (it would take the token elsewhere)', async () => {
    choose(path.join(dir, 'submissions.csv'));
    const result = await save('submissions');
    expect(result).toMatchObject({ outcome: 'failed', status: 0 });
    expect(requests).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says so when the server cannot be reached', async () => {
    choose(path.join(dir, 'orders.csv'));
    const result = await saveExport({
      win: win as unknown as ElectronWindow,
      dialog,
      documentsDir: dir,
      apiBase: 'http://127.0.0.1:9',
      token: TOKEN,
      kind: 'orders',
      query: {},
      fetch: (input, init) => fetch(input, init),
    });
    expect(result).toEqual({
      outcome: 'failed',
      status: 0,
      message: 'Could not reach the server at http://127.0.0.1:9.',
    });
  });

  it('names each export as the API does', () => {
    expect(exportFileName('order-lines', NOW)).toBe('order-lines-2026-01-31.csv');
  });
});

describe('export:save over IPC', () => {
  async function setup(signedIn: boolean) {
    const settings = createSettingsStore(path.join(dir, 'settings.json'));
    const sessions = createSessionStore({
      file: path.join(dir, 'session.bin'),
      safeStorage,
      platform: 'linux',
    });
    await settings.update({ apiBase });
    if (signedIn) await sessions.save({ apiBase, token: TOKEN, adminName: 'Ada' });
    registerConsoleIpc({
      ipcMain: ipcMain as unknown as IpcMain,
      settings,
      sessions,
      dialog,
      documentsDir: () => dir,
      fetch: (input, init) => fetch(input, init),
      windowOf: () => win as unknown as ElectronWindow,
    });
  }
  const from = { senderFrame: { url: 'app://console/index.html', parent: null } };

  it('saves with the token the main process keeps, to the file chosen', async () => {
    await setup(true);
    const out = path.join(scratchDir(), 'o.csv');
    choose(out);
    const result = await ipcMain.invoke(IPC.saveExport, from, {
      kind: 'orders',
      query: { status: 'paid' },
    });
    expect(result).toEqual({ outcome: 'saved', path: out, bytes: CSV.length });
    expect(readFileSync(out).equals(CSV)).toBe(true);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('asks for a sign-in, with no dialog, when no session is kept', async () => {
    await setup(false);
    expect(await ipcMain.invoke(IPC.saveExport, from, { kind: 'orders', query: {} })).toEqual({
      outcome: 'failed',
      status: 401,
      message: 'Sign in again to export.',
    });
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });
});
