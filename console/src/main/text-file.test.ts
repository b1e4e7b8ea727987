import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BaseWindow } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow, dialog, resetFakeElectron } from './test/fake-electron.ts';
import { MAX_TEXT_FILE_BYTES, pickTextFile } from './text-file.ts';

let dir: string;

beforeEach(() => {
  resetFakeElectron();
  dir = mkdtempSync(path.join(tmpdir(), 'console-text-'));
});

function choose(name: string, content: string | Buffer | null) {
  const file = path.join(dir, name);
  if (content !== null) writeFileSync(file, content);
  dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: [file] });
  return pickTextFile({
    win: new BrowserWindow({}) as unknown as BaseWindow,
    dialog,
    extensions: ['csv', 'txt'],
  });
}

describe('pickTextFile', () => {
  it('offers only the asked types and reads the chosen file', async () => {
    expect(await choose('list.csv', 'Email\r\nada@example.com\r\n')).toEqual({
      name: 'list.csv',
      text: 'Email\r\nada@example.com\r\n',
    });
    const [, options] = dialog.showOpenDialog.mock.calls[0] ?? [];
    expect(options.properties).toEqual(['openFile']);
    expect(options.filters).toEqual([{ name: 'CSV, TXT', extensions: ['csv', 'txt'] }]);
  });

  it('answers null when the dialog is cancelled', async () => {
    dialog.showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] });
    const win = new BrowserWindow({}) as unknown as BaseWindow;
    expect(await pickTextFile({ win, dialog, extensions: ['txt'] })).toBeNull();
  });

  it('drops a UTF-8 byte order mark', async () => {
    expect((await choose('bom.txt', '\uFEFFada@example.com\n'))?.text).toBe('ada@example.com\n');
  });

  it('reads a Windows-1252 export (older Excel) rather than garbling it', async () => {
    const bytes = Buffer.from([0x52, 0xe9, 0x6d, 0x79, 0x2c, 0x72, 0x40, 0x78, 0x2e, 0x66, 0x72]);
    expect((await choose('latin.csv', bytes))?.text).toBe('Rémy,r@x.fr');
  });

  it.each([
    ['another type', 'list.xlsx', 'a@b.co', 'Choose a .csv or .txt file.'],
    [
      'a binary file',
      'list.csv',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
      'not a text file',
    ],
    [
      'a file over 5 MB',
      'huge.txt',
      Buffer.alloc(MAX_TEXT_FILE_BYTES + 1, 0x61),
      'larger than 5 MB',
    ],
  ])('refuses %s', async (_what, name, content, message) => {
    await expect(choose(name, content)).rejects.toThrow(message);
  });
});
