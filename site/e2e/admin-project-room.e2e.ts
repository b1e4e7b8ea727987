import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  type SessionUser,
  signInAdmin,
  signUpCustomer,
  submitProject,
  withSession,
} from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { makeWav } from './files.ts';

/**
 * Issue 26, the studio's side of the project room in the admin's submission detail: a move with
 * its note, a version shared from the browser (a preview and a final, uploaded over tus), the
 * preview played and sought from a pinned comment, an answer pinned at the player's time, the
 * final's download; axe and the layout at 1440 and 390 px.
 */
const b = setupBrowser();
const SHOTS = process.env.ADMIN_ROOM_SHOTS ?? '/tmp/admin-room-shots';

let dir: string;
let previewPath: string;
let finalPath: string;
let bigPath: string;
let previewSha = '';
let admin: SessionUser;
let client = '';
let email = '';

/** A ZIP's local file header for an empty stored entry: what the content check reads as a ZIP. */
function zipHeader(name: string): Buffer {
  const header = Buffer.alloc(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4);
  header.write(name, 30, 'ascii');
  header.writeUInt16LE(name.length, 26);
  return header;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-admin-room-'));
  // 8 seconds of a ramp: a track the player can seek in.
  const preview = makeWav(44_100 * 8, { pattern: true });
  previewSha = createHash('sha256').update(preview).digest('hex');
  previewPath = path.join(dir, 'mix-v1.wav');
  writeFileSync(previewPath, preview);
  finalPath = path.join(dir, 'mix-v1-master.wav');
  writeFileSync(finalPath, makeWav(44_100, { pattern: true }));
  // 1 GB, sparse after a real ZIP signature: an upload slow enough to cancel on the way.
  bigPath = path.join(dir, 'stems.zip');
  const fd = openSync(bigPath, 'w');
  writeSync(fd, zipHeader('readme.txt'));
  ftruncateSync(fd, 1_000_000_000);
  closeSync(fd);
  admin = await signInAdmin();
  const tag = randomUUID().slice(0, 6);
  const customer = await signUpCustomer({ firstName: 'Orla', lastName: `Room${tag}` });
  client = `Orla Room${tag}`;
  email = customer.user.email;
  const { submissionId } = await submitProject({
    name: client,
    email,
    service: 'Song Mix',
    notes: 'A song to mix, about four minutes long.',
  });
  // The client's own comment, by their account (the room's client side).
  await apiCall(
    'POST',
    `/projects/${submissionId}/room/comments`,
    { body: 'The intro feels <b>quiet</b>.\nCan it come up a little?' },
    customer.token,
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let opened: Page | undefined;
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && opened)
    await opened.screenshot({ path: `${SHOTS}/room-failed.png`, fullPage: true }).catch(() => {});
  await opened?.context().close();
  opened = undefined;
});

const toast = (page: Page, text: string) =>
  page.locator('[data-toast-type]', { hasText: text }).first();

/** The submission's detail, on its Project room tab, loaded. */
async function openRoom(width: number): Promise<{ page: Page; dialog: Locator }> {
  const page = await b.page(width, 900);
  opened = page;
  page.setDefaultTimeout(20_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  await page.locator('.admin-app').getByRole('tab', { name: 'Submissions' }).click();
  await page.getByRole('textbox', { name: 'Search submissions' }).fill(email);
  await page
    .getByRole('button', { name: `View submission from ${client}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Submission from ${client}` });
  await dialog.getByRole('tab', { name: 'Project room' }).click();
  await dialog.getByRole('heading', { name: 'Thread' }).waitFor();
  await page.waitForLoadState('networkidle');
  return { page, dialog };
}

/** No serious axe violation, nothing wider than the screen, nothing in the dialog scrolling sideways. */
async function checkLayout(page: Page, dialog: Locator, width: number, where: string) {
  expect.soft(await seriousAxeViolations(page), `axe: ${where}`).toEqual([]);
  const box = await dialog.boundingBox();
  expect
    .soft((box?.x ?? 0) + (box?.width ?? 0), `dialog right: ${where}`)
    .toBeLessThanOrEqual(width + 0.5);
  const sideways = await dialog.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((el) => {
        const { overflowX } = getComputedStyle(el);
        return (
          el.scrollWidth - el.clientWidth > 1 && (overflowX === 'auto' || overflowX === 'scroll')
        );
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}`),
  );
  expect.soft(sideways, `sideways scroll: ${where}`).toEqual([]);
}

/** The whole dialog in one picture: a viewport tall enough to hold it. */
async function shotWhole(page: Page, dialog: Locator, width: number, name: string) {
  const height = await dialog.evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width, height: Math.min(Math.max(900, height + 200), 8000) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width, height: 900 });
}

describe('the project room in the submission detail', () => {
  it('moves the work, shares a version, plays, pins and answers, at 1440 and 390 px', async () => {
    const width = 1440;
    const { page, dialog } = await openRoom(width);
    const status = dialog.getByRole('region', { name: 'Status' });
    expect(await status.locator('[data-work-status]').textContent()).toBe('Work status: Received');
    await checkLayout(page, dialog, width, 'a new project');

    // A move with its note: the toast says it, the badge and the timeline show it.
    await status.getByLabel('Note for the client').fill('Starting on your mix today.');
    await status.getByRole('button', { name: 'Mark in progress' }).click();
    await toast(page, 'Status: In progress').waitFor();
    await status.locator('[data-work-status="in_progress"]').waitFor();
    await status.getByText('Starting on your mix today.').waitFor();

    // Share a version: a preview and a final, over tus.
    const form = dialog.getByRole('region', { name: 'Share a version' });
    await form.getByLabel('Note').fill('v1: first mix, vocal up 1 dB');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      form.getByRole('button', { name: 'Add files' }).click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([bigPath, previewPath, finalPath]);
    // Audio comes as a preview, anything else as a final; the master is marked Final here.
    const kind = (name: string) => form.getByRole('radiogroup', { name: `Kind of ${name}` });
    expect(await kind('stems.zip').getByRole('radio', { name: 'Final' }).isChecked()).toBe(true);
    expect(await kind('mix-v1.wav').getByRole('radio', { name: 'Preview' }).isChecked()).toBe(true);
    await kind('mix-v1-master.wav').getByText('Final').click();
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${width}-version-form.png`) });
    await form.getByRole('button', { name: 'Share version' }).click();
    // The stems go first: cancelled on the way, they leave the version and the rest is shared.
    const stems = form.getByRole('listitem', { name: 'stems.zip' });
    await expect
      .poll(
        async () =>
          Number(
            await stems
              .locator('[data-upload-progress]')
              .getAttribute('data-upload-progress')
              .catch(() => '0'),
          ),
        { timeout: 30_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, `${width}-version-uploading.png`) });
    await stems.getByRole('button', { name: 'Cancel upload of stems.zip' }).click();
    await toast(page, 'The upload of stems.zip was cancelled.').waitFor();
    await toast(page, 'Version 1 shared with the client').waitFor({ timeout: 60_000 });
    const version = dialog.getByRole('article', { name: 'Version 1' });
    await version.waitFor();
    expect(await version.textContent()).toContain('v1: first mix, vocal up 1 dB');
    expect(await version.locator(`[data-sha256="${previewSha}"]`).count()).toBe(1);
    expect(await version.getByRole('listitem').allTextContents()).toHaveLength(2);
    expect(await version.textContent()).not.toContain('stems.zip');
    // Sharing put the project in review: the detail's badge says so too.
    await status.locator('[data-work-status="in_review"]').waitFor();

    // The preview plays in a player of our own; the slider seeks by keyboard.
    const player = version.locator('[data-track-player]');
    const time = player.locator('[data-track-time]');
    await expect.poll(() => time.textContent()).toBe('0:00 / 0:08');
    const slider = player.getByRole('slider', { name: 'Seek mix-v1.wav' });
    await slider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => time.textContent()).toBe('0:03 / 0:08');

    // An answer pinned at the player's time.
    const thread = dialog.getByRole('region', { name: 'Thread' });
    await thread.getByRole('combobox', { name: 'Pin to a time in' }).click();
    await page.getByRole('option', { name: 'v1 · mix-v1.wav' }).click();
    await thread.getByText('At 0:03').waitFor();
    await thread.getByLabel('Your answer').fill('Listen from here: the vocal now sits on top.');
    await thread.getByRole('button', { name: 'Post answer' }).click();
    await toast(page, 'Comment posted').waitFor();
    // The client's comment shows as text, line break kept, no markup.
    expect(await thread.textContent()).toContain('The intro feels <b>quiet</b>.');
    expect(await thread.locator('b').count()).toBe(0);

    // The pinned time seeks its player (back at the start first) and plays from there.
    await slider.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => time.textContent()).toBe('0:00 / 0:08');
    await thread.getByRole('button', { name: 'Play mix-v1.wav from 0:03' }).click();
    await expect.poll(async () => (await time.textContent())?.slice(0, 4)).toMatch(/^0:0[3-8]/);
    const pause = player.getByRole('button', { name: 'Pause mix-v1.wav' });
    if (await pause.isVisible()) await pause.click();

    // The final downloads from its signed link, as an attachment (the studio's opens unpaid).
    const link = version.getByRole('link', { name: 'Download mix-v1-master.wav' });
    const href = await link.getAttribute('href');
    const res = await page.request.get(href ?? '');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toMatch(/^attachment/);

    await checkLayout(page, dialog, width, 'the room with a version and a thread');
    await shotWhole(page, dialog, width, `${width}-room`);
    await dialog.getByRole('tab', { name: 'Details' }).click();
    expect(await dialog.locator('[data-work-status]').textContent()).toBe('Work status: In review');
    await shotWhole(page, dialog, width, `${width}-details`);

    // The same on a phone.
    await page.setViewportSize({ width: 390, height: 900 });
    await dialog.getByRole('tab', { name: 'Project room' }).click();
    await dialog.getByRole('article', { name: 'Version 1' }).waitFor();
    await checkLayout(page, dialog, 390, 'the room on a phone');
    await shotWhole(page, dialog, 390, '390-room');
    await dialog.getByRole('tab', { name: 'Details' }).click();
    await checkLayout(page, dialog, 390, 'the details on a phone');
    await shotWhole(page, dialog, 390, '390-details');
  });
});
