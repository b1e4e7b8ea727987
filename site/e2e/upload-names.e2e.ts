import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAdmin, submitProject, withSession } from './api.ts';
import { setupBrowser } from './browser.ts';
import { makeWav } from './files';

const b = setupBrowser();

const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.context().close();
});

// Decision 027: a visitor's file name loses its direction and control characters and takes the
// extension of what the file is. U+202E (right-to-left override) would show `mix‮vaw.exe`
// as `mixexe.wav`; the admin sees, and downloads, `mixvaw.wav`.
describe('Submission file names in the admin', () => {
  it('shows and downloads the cleaned name, with the extension of the type found', async () => {
    const tag = randomUUID().slice(0, 8);
    const wav = makeWav(441, { pattern: true });
    await submitProject(
      {
        name: `Ada Names ${tag}`,
        email: `ada-${tag}@example.com`,
        service: 'Song Mix',
        notes: 'A take with a crafted file name.',
      },
      [
        { name: 'mix\u202evaw.exe', type: 'application/octet-stream', bytes: wav },
        { name: 'poly.html', type: 'text/html', bytes: wav },
      ],
    );

    const page = await b.page(1440, 900);
    opened.push(page);
    page.setDefaultTimeout(10_000);
    await withSession(page, await signInAdmin());
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByRole('textbox', { name: 'Search submissions' }).fill(`ada-${tag}`);
    await page.getByRole('button', { name: `View submission from Ada Names ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: `Submission from Ada Names ${tag}` });

    await dialog.getByText('mixvaw.wav', { exact: true }).waitFor();
    await dialog.getByText('poly.wav', { exact: true }).waitFor();
    const shown = await dialog.textContent();
    expect(shown).not.toContain('\u202e');
    expect(shown).not.toContain('poly.html');
    expect(shown).not.toContain('.exe');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download mixvaw.wav' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mixvaw.wav');
    expect(readFileSync(await download.path()).equals(wav)).toBe(true);
  });
});
