import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import { formatTrackTime } from '@studio/shared/project-room';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SessionUser, signInAdmin, withSession } from './api';
import { seriousAxeViolations } from './axe';
import { screenshotDir, setupBrowser } from './browser';
import { makeWav } from './files';
import { peers } from './peers';
import { stubPaypalSdk } from './wallets';

/**
 * Issue 26's acceptance scenario end to end, through the real pages: a client submits a project
 * and leaves it unpaid; the studio shares v1; the client plays it from the mailed link on a phone
 * and comments at a moment; the studio answers; the client requests changes; the studio shares
 * v2 with a final; the client approves, pays with PayPal and downloads the final; the studio
 * delivers. Each `it` is the next step of the same project, so they run in order.
 */
const b = setupBrowser();

const SERVICE = 'Song Mix';
/** 20 seconds of a ramp: a preview long enough to play for a moment. */
const PREVIEW = makeWav(20 * 44_100, { pattern: true });
/** The deliverable, whose bytes the download must give back. */
const FINAL = makeWav(3 * 44_100, { pattern: true });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const tag = randomUUID().slice(0, 8);
const client = { name: `Robin Flow${tag}`, email: `robin-${tag}@example.com` };
let submissionId = '';
let roomLink = '';
let admin: SessionUser;
/** The studio's browser at 1440 px and the client's phone at 390 px, kept across the steps. */
let studio: Page;
let phone: Page;

const adminToast = (page: Page, text: string) =>
  page.locator('[data-toast-type]', { hasText: text }).first();

/** The client's mail so far, oldest first, once at least `count` have arrived. */
async function clientMail(count: number) {
  const mails = await peers.mail(client.email, count, 20_000);
  return [...mails].sort((a, b) => a.at - b.at);
}

/** The room's path and query in the newest mail with `subject`. */
function roomLinkIn(mails: { subject: string; text: string }[], subject: string): string {
  const mail = mails.findLast((x) => x.subject === subject);
  const pattern = new RegExp(`/projects/${submissionId}\\?expires=\\d+&token=[\\w-]+`);
  const found = mail?.text.match(pattern)?.[0];
  if (!found) throw new Error(`no room link in "${subject}"`);
  return found;
}

/** The studio opens the submission's detail on its Project room tab. */
async function openStudioRoom(): Promise<Locator> {
  await studio.goto(`${b.baseUrl()}/admin`);
  await studio.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  await studio.locator('.admin-app').getByRole('tab', { name: 'Submissions' }).click();
  await studio.getByRole('textbox', { name: 'Search submissions' }).fill(client.email);
  await studio.getByRole('button', { name: `View submission from ${client.name}` }).click();
  const dialog = studio.getByRole('dialog', { name: `Submission from ${client.name}` });
  await dialog.getByRole('tab', { name: 'Project room' }).click();
  await dialog.getByRole('heading', { name: 'Thread' }).waitFor();
  return dialog;
}

/** The studio shares a version from the tab's form: the note, the files, each file's kind. */
async function shareVersion(
  dialog: Locator,
  note: string,
  files: { name: string; bytes: Buffer; kind: 'Preview' | 'Final' }[],
) {
  const form = dialog.getByRole('region', { name: 'Share a version' });
  await form.getByLabel('Note').fill(note);
  const [chooser] = await Promise.all([
    studio.waitForEvent('filechooser'),
    form.getByRole('button', { name: 'Add files' }).click(),
  ]);
  await chooser.setFiles(
    files.map((f) => ({ name: f.name, mimeType: 'audio/wav', buffer: f.bytes })),
  );
  for (const f of files) {
    await form
      .getByRole('radiogroup', { name: `Kind of ${f.name}` })
      .getByText(f.kind)
      .click();
  }
  await form.getByRole('button', { name: 'Share version' }).click();
}

/** The client's room, from the mailed link, on the phone. */
async function openClientRoom() {
  await phone.goto(`${b.baseUrl()}${roomLink}`);
  await phone.getByRole('heading', { level: 1, name: SERVICE }).waitFor();
}

const clientTimeline = () => phone.getByRole('region', { name: 'Status history' });

beforeAll(async () => {
  admin = await signInAdmin();
  studio = await b.page(1440, 900);
  studio.setDefaultTimeout(20_000);
  await withSession(studio, admin);
});

describe('the project room, from submission to delivery', () => {
  it('1. the client submits a project on the site and leaves it unpaid', async () => {
    const page = await b.page(390, 844);
    page.setDefaultTimeout(20_000);
    await stubPaypalSdk(page);
    await page.goto(`${b.baseUrl()}/`);
    await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
    const form = page.getByRole('dialog', { name: 'Submit Your Project' });
    await form.getByRole('textbox', { name: 'Name' }).fill(client.name);
    await form.getByRole('textbox', { name: 'Email' }).fill(client.email);
    await form.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: SERVICE, exact: true }).click();
    await form.getByRole('textbox', { name: 'Project details' }).fill('A ballad, vocal and band.');
    await form
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'vocals.wav', mimeType: 'audio/wav', buffer: makeWav(44_100) }]);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/projects/submit-uploads'));
    await form.getByRole('button', { name: 'Submit Project' }).click();
    ({ submissionId } = (await (await answer).json()) as { submissionId: string });

    // The payment opens; the client closes it without paying.
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.getByTestId('paypal-stub-button').waitFor();
    await payment.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel Payment?' })
      .getByRole('button', {
        name: 'Cancel Payment',
      })
      .click();
    await payment.waitFor({ state: 'hidden' });
    const [confirmation] = await clientMail(1);
    expect(confirmation?.subject).toBe(`We received your project: ${SERVICE}`);
    await page.context().close();
  });

  it('2. the studio shares v1 with a preview', async () => {
    const dialog = await openStudioRoom();
    await shareVersion(dialog, 'v1: first mix', [
      { name: 'mix-v1.wav', bytes: PREVIEW, kind: 'Preview' },
    ]);
    await adminToast(studio, m.versionShared(1)).waitFor({ timeout: 60_000 });
    const v1 = dialog.getByRole('article', { name: 'Version 1' });
    expect(await v1.textContent()).toContain('v1: first mix');
    expect(await v1.locator(`[data-sha256="${sha256(PREVIEW)}"]`).count()).toBe(1);
    await dialog.locator('[data-work-status="in_review"]').first().waitFor();
  });

  it('3. the client opens the mailed link on a phone, plays v1 and comments at a moment', async () => {
    const mails = await clientMail(2);
    roomLink = roomLinkIn(mails, `A version of your project is ready to hear: ${SERVICE}`);
    phone = await b.page(390, 844);
    phone.setDefaultTimeout(20_000);
    await stubPaypalSdk(phone);
    await openClientRoom();
    const v1 = phone.getByRole('article', { name: 'v1' });
    await v1.getByText('v1: first mix').waitFor();

    // Play: the track runs for a moment, then pause.
    const audio = v1.locator('audio');
    await v1.getByRole('button', { name: 'Play mix-v1.wav' }).click();
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await v1.getByRole('button', { name: 'Pause mix-v1.wav' }).click();
    expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    const at = formatTrackTime(await audio.evaluate((a: HTMLAudioElement) => a.currentTime));

    // "Comment at 0:01": the comment is pinned where the player stopped.
    await v1.getByRole('button', { name: `Comment at ${at} in mix-v1.wav` }).click();
    await phone.getByRole('textbox', { name: `Comment at ${at}` }).fill('The vocal is too loud');
    await phone.getByRole('button', { name: 'Post comment' }).click();
    await phone.getByRole('status').filter({ hasText: m.commentPosted }).waitFor();
    const comments = phone.getByRole('list', { name: 'Comments' });
    await comments.getByText('The vocal is too loud').waitFor();
    await comments.getByRole('button', { name: `Play mix-v1.wav from ${at}` }).waitFor();
  });

  it('4. the studio answers in the thread; the client reloads and reads it as plain text', async () => {
    const dialog = await openStudioRoom();
    const thread = dialog.getByRole('region', { name: 'Thread' });
    await thread.getByText('The vocal is too loud').waitFor();
    await thread.getByLabel('Your answer').fill('Agreed, it comes down in v2. <b>Thanks!</b>');
    await thread.getByRole('button', { name: 'Post answer' }).click();
    await adminToast(studio, m.commentPosted).waitFor();

    await openClientRoom();
    const comments = phone.getByRole('list', { name: 'Comments' });
    await comments.getByText('Agreed, it comes down in v2. <b>Thanks!</b>').waitFor();
    expect(await comments.locator('b').count()).toBe(0);
  });

  it('5. the client requests changes; both sides show "Changes requested"', async () => {
    await phone
      .getByRole('textbox', { name: /What would you like changed/ })
      .fill('Bring the vocal down a little, please.');
    await phone.getByRole('button', { name: 'Request changes' }).click();
    await phone.getByRole('status').filter({ hasText: m.changesRequested }).waitFor();
    await phone.getByText('Work status: Changes requested').waitFor();
    await clientTimeline().getByText('Changes requested').waitFor();
    await clientTimeline().getByText('Bring the vocal down a little, please.').waitFor();

    const dialog = await openStudioRoom();
    const status = dialog.getByRole('region', { name: 'Status' });
    expect(await status.locator('[data-work-status]').first().textContent()).toBe(
      'Work status: Changes requested',
    );
    await status.getByText('Bring the vocal down a little, please.').waitFor();
  });

  it('6. the studio shares v2 with a preview and a final', async () => {
    const dialog = await openStudioRoom();
    await shareVersion(dialog, 'v2: vocal up 1 dB', [
      { name: 'mix-v2.wav', bytes: PREVIEW, kind: 'Preview' },
      { name: 'mix-v2-final.wav', bytes: FINAL, kind: 'Final' },
    ]);
    await adminToast(studio, m.versionShared(2)).waitFor({ timeout: 60_000 });
    const v2 = dialog.getByRole('article', { name: 'Version 2' });
    expect(await v2.locator(`[data-sha256="${sha256(FINAL)}"]`).count()).toBe(1);
  });

  it('7. the client approves v2, pays with PayPal, and downloads the final', {
    timeout: 90_000,
  }, async () => {
    await openClientRoom();
    const v2 = phone.getByRole('article', { name: 'v2' });
    await v2.getByText('v2: vocal up 1 dB').waitFor();
    await phone.getByRole('button', { name: 'Approve' }).click();
    await phone
      .getByRole('dialog', { name: 'Approve this version?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await phone.getByRole('status').filter({ hasText: m.approved }).waitFor();

    // Unpaid: the final is locked, with the way to pay beside it.
    const final = v2.getByRole('listitem').filter({ hasText: 'mix-v2-final.wav' });
    await final.getByText(m.payToReceive).waitFor();
    expect(await final.getByRole('link', { name: 'Download mix-v2-final.wav' }).count()).toBe(0);
    await final.getByRole('link', { name: 'Pay for your project' }).click();

    // Pays with PayPal (the SDK stub approves in PayPal's stand-in).
    await phone.getByRole('heading', { name: 'Pay for your project' }).waitFor();
    await phone.getByTestId('paypal-stub-button').click();
    await phone.getByText('This project is paid. Thank you!').waitFor({ timeout: 30_000 });

    // Back in the room: the final downloads, byte for byte what the studio uploaded.
    await phone.goBack();
    await phone.getByRole('heading', { level: 1, name: SERVICE }).waitFor();
    const download = v2.getByRole('link', { name: 'Download mix-v2-final.wav' });
    const [file] = await Promise.all([phone.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('mix-v2-final.wav');
    expect(sha256(readFileSync(await file.path()))).toBe(sha256(FINAL));
    expect(await phone.getByText(m.payToReceive).count()).toBe(0);
  });

  it('8. the studio marks it delivered; the client sees Delivered', async () => {
    const dialog = await openStudioRoom();
    const status = dialog.getByRole('region', { name: 'Status' });
    await status.getByRole('button', { name: m.studioMoveLabel('delivered') }).click();
    await adminToast(studio, m.moved('delivered')).waitFor();
    await status.locator('[data-work-status="delivered"]').waitFor();

    await openClientRoom();
    await phone.getByText('Work status: Delivered').waitFor();
    await clientTimeline().getByText('Delivered').waitFor();
  });

  it('9. both rooms are axe clean and fit 390 and 1440 px', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    await openClientRoom();
    expect(await seriousAxeViolations(phone)).toEqual([]);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await b.screenshot(phone, 'project-room-flow-390');

    const wide = await b.page(1440, 900);
    await wide.goto(`${b.baseUrl()}${roomLink}`);
    await wide.getByRole('heading', { level: 1, name: SERVICE }).waitFor();
    await b.screenshot(wide, 'project-room-flow-1440');
    await wide.context().close();

    const dialog = await openStudioRoom();
    await dialog.getByRole('article', { name: 'Version 2' }).waitFor();
    await studio.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(studio)).toEqual([]);
    // The whole dialog in one picture: a viewport tall enough to hold it.
    const height = await dialog.evaluate((el) => el.scrollHeight);
    await studio.setViewportSize({ width: 1440, height: Math.min(height + 400, 8000) });
    await studio.screenshot({
      path: path.join(screenshotDir, 'project-room-flow-admin-1440.png'),
      fullPage: true,
    });
  });

  it('mailed the client once per move and version, never twice', async () => {
    const expected = [
      `We received your project: ${SERVICE}`,
      `A version of your project is ready to hear: ${SERVICE}`,
      `We have your notes: ${SERVICE}`,
      `A version of your project is ready to hear: ${SERVICE}`,
      `Approved: ${SERVICE}`,
      `Payment received: ${SERVICE}`,
      `Your final files are ready: ${SERVICE}`,
    ];
    await clientMail(expected.length);
    // A moment more for a duplicate to arrive, if one were queued.
    await new Promise((r) => setTimeout(r, 1500));
    const subjects = (await clientMail(expected.length)).map((x) => x.subject);
    expect([...subjects].sort()).toEqual([...expected].sort());
    const updates = expected.filter((s) => !/^(We received|Payment received)/.test(s));
    expect(subjects.filter((s) => updates.includes(s))).toEqual(updates);
  });
});
