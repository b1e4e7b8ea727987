import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindow as ElectronWindow } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { printToPrinter, reportFileName, saveReportPdf } from './printing.ts';
import { BrowserWindow, dialog, resetFakeElectron } from './test/fake-electron.ts';

vi.mock('electron', () => import('./test/fake-electron.ts'));

let dir: string;
let win: BrowserWindow;

beforeEach(() => {
  resetFakeElectron();
  dir = mkdtempSync(path.join(tmpdir(), 'console-print-'));
  win = new BrowserWindow({});
});

const save = (title = 'Sales report 2025-05') =>
  saveReportPdf({ win: win as unknown as ElectronWindow, dialog, title, documentsDir: dir });

describe('saveReportPdf', () => {
  it('renders the page with printToPDF and writes it where the dialog said', async () => {
    const target = path.join(dir, 'chosen', 'may.pdf');
    mkdirSync(path.dirname(target));
    dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });

    expect(await save()).toEqual({ path: target });

    expect(win.webContents.printToPDF).toHaveBeenCalledWith(
      expect.objectContaining({ printBackground: true, pageSize: 'A4' }),
    );
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 fake report\n');
    // The dialog offered the report's title in the documents folder, as a PDF.
    const [, options] = dialog.showSaveDialog.mock.calls[0] ?? [];
    expect(options.defaultPath).toBe(path.join(dir, 'Sales report 2025-05.pdf'));
    expect(options.filters).toEqual([{ name: 'PDF document', extensions: ['pdf'] }]);
  });

  it('writes nothing, and renders nothing, when the admin cancels', async () => {
    dialog.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });

    expect(await save()).toBeNull();

    expect(win.webContents.printToPDF).not.toHaveBeenCalled();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes nothing when rendering fails', async () => {
    const target = path.join(dir, 'r.pdf');
    dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    win.webContents.printToPDF.mockRejectedValueOnce(new Error('renderer gone'));

    await expect(save()).rejects.toThrow('renderer gone');
    expect(existsSync(target)).toBe(false);
  });
});

describe('reportFileName', () => {
  it.each([
    ['Sales report', 'Sales report.pdf'],
    ['../../etc/passwd', '.. .. etc passwd.pdf'],
    ['a:b*c?d"e<f>g|h\\i', 'a b c d e f g h i.pdf'],
    ['line\nbreak\u0000', 'linebreak.pdf'],
    ['   ', 'Report.pdf'],
  ])('%j -> %j', (title, name) => {
    expect(reportFileName(title)).toBe(name);
  });
});

describe('printToPrinter', () => {
  const print = () => printToPrinter(win as unknown as ElectronWindow);

  it('opens the system print dialog with backgrounds', async () => {
    expect(await print()).toEqual({ printed: true });
    expect(win.webContents.print).toHaveBeenCalledWith(
      { silent: false, printBackground: true },
      expect.any(Function),
    );
  });

  it('treats a cancelled dialog as nothing printed, not an error', async () => {
    win.webContents.printOutcome = [false, 'Print job canceled'];
    expect(await print()).toEqual({ printed: false });
  });

  it('reports a failed print job', async () => {
    win.webContents.printOutcome = [false, 'Print job failed'];
    await expect(print()).rejects.toThrow('Printing failed: Print job failed');
  });
});
