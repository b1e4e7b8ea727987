import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BaseWindow, BrowserWindow, SaveDialogOptions, SaveDialogReturnValue } from 'electron';

type PrintWindow = Pick<BrowserWindow, 'webContents'>;

export interface SaveDialog {
  showSaveDialog(win: BaseWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

/** A report title as a file name: no path separators or characters Windows refuses. */
export function reportFileName(title: string): string {
  const base = title
    .replace(/[<>:"/\\|?*]/g, ' ')
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 32)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'Report'}.pdf`;
}

/**
 * The system print dialog for the page as it is (the dashboard's print CSS shows only the
 * report). Cancelling is not an error.
 */
export function printToPrinter(win: PrintWindow): Promise<{ printed: boolean }> {
  return new Promise((resolve, reject) => {
    win.webContents.print({ silent: false, printBackground: true }, (success, failureReason) => {
      if (success) resolve({ printed: true });
      else if (/cancel/i.test(failureReason)) resolve({ printed: false });
      else reject(new Error(`Printing failed: ${failureReason}`));
    });
  });
}

/**
 * Save as PDF: asks where first (nothing is rendered or written when the admin cancels), then
 * renders the page with Chromium's PDF printer and writes it exactly there.
 */
export async function saveReportPdf({
  win,
  dialog,
  title,
  documentsDir,
}: {
  win: BaseWindow & PrintWindow;
  dialog: SaveDialog;
  title: string;
  documentsDir: string;
}): Promise<{ path: string } | null> {
  const choice = await dialog.showSaveDialog(win, {
    title: 'Save report as PDF',
    defaultPath: path.join(documentsDir, reportFileName(title)),
    filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (choice.canceled || !choice.filePath) return null;
  const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
  await writeFile(choice.filePath, pdf);
  return { path: choice.filePath };
}
