import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  type SessionUser,
  signInAdmin,
  signUpCustomer,
  submitProject,
  withSession,
} from './api';
import { seriousAxeViolations } from './axe';
import { setupBrowser } from './browser';
import { makeWav } from './files';
import { peers } from './peers';
import { baseUrl, databaseUrl as stackDatabaseUrl } from './stack';

/**
 * The client's project room (issue 26) on the real API: opened by the link a project mail
 * carries and by the client's account, a preview played and commented at a moment, changes
 * requested, a later version approved, finals downloaded once paid, and a fresh link asked for.
 */
const b = setupBrowser();
const databaseUrl = stackDatabaseUrl();
const sql = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : undefined;

/** 20 seconds of 16-bit mono audio: long enough to seek in. */
const PREVIEW = makeWav(20 * 44_100, { pattern: true });
const FINAL = makeWav(441, { pattern: true });

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** The studio shares a version, as the admin's form does: tus uploads to a draft, then shared. */
async function shareVersion(
  adminToken: string,
  submissionId: string,
  note: string,
  files: { name: string; kind: 'preview' | 'final'; bytes: Buffer }[],
) {
  const { draftToken } = await apiCall<{ draftToken: string }>(
    'POST',
    `/admin/submissions/${submissionId}/version-drafts`,
    undefined,
    adminToken,
  );
  const tus = { 'Tus-Resumable': '1.0.0', 'Upload-Draft': draftToken };
  const uploads = [];
  for (const file of files) {
    const created = await fetch(`${baseUrl()}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(file.bytes.length),
        'Upload-Metadata': tusMetadata({ filename: file.name, filetype: 'audio/wav' }),
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', baseUrl());
    const patched = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tus,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(file.bytes),
    });
    expect(patched.status).toBe(204);
    uploads.push({ uploadId: location.pathname.split('/').pop() ?? '', kind: file.kind });
  }
  await apiCall(
    'POST',
    `/admin/submissions/${submissionId}/versions`,
    { draftToken, note, files: uploads },
    adminToken,
  );
}

/** The room's path and query from the newest project mail to `to` that links it. */
async function mailedRoomLink(to: string, submissionId: string, count: number): Promise<string> {
  const mails = await peers.mail(to, count, 20_000);
  const pattern = new RegExp(`/projects/${submissionId}\\?expires=\\d+&(?:amp;)?token=[\\w-]+`);
  for (const mail of [...mails].reverse()) {
    const found = mail.text.match(pattern)?.[0];
    if (found) return found.replace('&amp;', '&');
  }
  throw new Error(`no room link in the mail to ${to}`);
}

async function noSeriousAxe(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The player's "0:12 / 0:20". */
const playerTime = (page: Page, text: string) =>
  page.locator('main').getByText(text, { exact: true }).first().waitFor();

let customer: SessionUser;
let admin: SessionUser;
let submissionId: string;
let link: string;

beforeAll(async () => {
  const tag = randomUUID().slice(0, 8);
  customer = await signUpCustomer({
    firstName: 'Jamie',
    lastName: 'Rivera',
    email: `jamie-${tag}@example.com`,
  });
  admin = await signInAdmin();
  ({ submissionId } = await submitProject(
    {
      name: 'Jamie Rivera',
      email: customer.user.email,
      service: 'Song Mix',
      notes: 'Four minutes, ten tracks. Warm, not loud.',
    },
    [{ name: 'vocals.wav', type: 'audio/wav', bytes: makeWav(44_100) }],
  ));
  await shareVersion(admin.token, submissionId, 'First mix: vocal up 1 dB', [
    { name: 'mix-v1.wav', kind: 'preview', bytes: PREVIEW },
    { name: 'mix-v1-final.wav', kind: 'final', bytes: FINAL },
  ]);
  // The submission's confirmation, then the version's news, which links the room.
  link = await mailedRoomLink(customer.user.email, submissionId, 2);
});

afterAll(async () => {
  await sql?.end();
});

describe('the project room', () => {
  it('opens by the mailed link; a preview plays, seeks, and takes a comment at a moment', async () => {
    const page = await b.page(1440, 900);
    page.setDefaultTimeout(15_000);
    await page.goto(`${b.baseUrl()}${link}`);
    await page.getByRole('heading', { level: 1, name: 'Song Mix' }).waitFor();
    await page.getByRole('article', { name: 'v1' }).getByText('First mix: vocal up 1 dB').waitFor();
    // The real file's length, read by the browser from the API's signed URL.
    await playerTime(page, '0:00 / 0:20');

    await page.getByRole('button', { name: 'Play mix-v1.wav' }).click();
    await page.getByRole('button', { name: 'Pause mix-v1.wav' }).click();
    await page.getByRole('button', { name: 'Play mix-v1.wav' }).waitFor();

    const slider = page.getByRole('slider', { name: 'Seek mix-v1.wav' });
    await slider.fill('12');
    await playerTime(page, '0:12 / 0:20');
    expect(await slider.getAttribute('aria-valuetext')).toBe('0:12 of 0:20');

    await page.getByRole('button', { name: 'Comment at 0:12 in mix-v1.wav' }).click();
    const box = page.getByRole('textbox', { name: 'Comment at 0:12' });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill('The snare is <b>too loud</b> here');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.getByRole('status').filter({ hasText: m.commentPosted }).waitFor();
    // The answer's room signs the file anew; the player keeps its place all the same.
    await playerTime(page, '0:12 / 0:20');
    // Plain text: the markup shows as typed.
    await page.getByText('The snare is <b>too loud</b> here').waitFor();

    await slider.fill('0');
    await playerTime(page, '0:00 / 0:20');
    await page.getByRole('button', { name: 'Play mix-v1.wav from 0:12' }).click();
    await page.getByRole('button', { name: 'Pause mix-v1.wav' }).click();
    expect(Number(await slider.inputValue())).toBeGreaterThanOrEqual(12);

    // Unpaid: the final is listed, locked, with the way to pay.
    await page.getByText(m.payToReceive).first().waitFor();
    expect(await page.getByRole('link', { name: 'Download mix-v1-final.wav' }).count()).toBe(0);
    expect(
      await page.getByRole('link', { name: 'Pay for your project' }).first().getAttribute('href'),
    ).toMatch(new RegExp(`/projects/${submissionId}/pay$`));

    await noSeriousAxe(page);
    // The seek from the comment scrolled the player into view: the shot starts at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await b.screenshot(page, 'project-room-1440');

    const phone = await b.page(390, 844);
    phone.setDefaultTimeout(15_000);
    await phone.goto(`${b.baseUrl()}${link}`);
    await playerTime(phone, '0:00 / 0:20');
    await noSeriousAxe(phone);
    await b.screenshot(phone, 'project-room-390');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  it('requests changes, approves the next version, and downloads the finals once paid', async () => {
    const page = await b.page(1440, 900);
    page.setDefaultTimeout(15_000);
    await page.goto(`${b.baseUrl()}${link}`);
    await page.getByRole('heading', { level: 1, name: 'Song Mix' }).waitFor();
    await page.getByRole('button', { name: 'Request changes' }).click();
    await page.getByText(m.notesRequired).waitFor();
    await page
      .getByRole('textbox', { name: /What would you like changed/ })
      .fill('More bass, please');
    await page.getByRole('button', { name: 'Request changes' }).click();
    await page.getByRole('status').filter({ hasText: m.changesRequested }).waitFor();
    // The timeline has the move with the notes; no move is left to make.
    await page.getByText('More bass, please').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await shareVersion(admin.token, submissionId, 'Bass up 2 dB', [
      { name: 'mix-v2.wav', kind: 'preview', bytes: PREVIEW },
      { name: 'mix-v2-final.wav', kind: 'final', bytes: FINAL },
    ]);
    await page.reload();
    await page.getByRole('heading', { name: 'v2' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this version?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: m.approved }).waitFor();

    if (!sql) return; // Paying takes a payment provider; the database stands in for one here.
    await sql`update project_submissions set payment_state = 'paid' where id = ${submissionId}`;
    await page.reload();
    const download = page.getByRole('link', { name: 'Download mix-v2-final.wav' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('mix-v2-final.wav');
    expect(readFileSync(await file.path()).equals(FINAL)).toBe(true);
  });

  it('lists the project on /orders, whose room opens by the account alone', async () => {
    const page = await b.page(1440, 900);
    page.setDefaultTimeout(15_000);
    await withSession(page, customer);
    await page.goto(`${b.baseUrl()}/orders`);
    const projects = page.getByRole('list', { name: 'Your projects' });
    const row = projects.getByRole('link').filter({ hasText: 'Song Mix' });
    await row.waitFor();
    await noSeriousAxe(page);
    await b.screenshot(page, 'orders-projects-1440');
    const phone = await b.page(390, 844);
    await withSession(phone, customer);
    await phone.goto(`${b.baseUrl()}/orders`);
    await phone.getByRole('list', { name: 'Your projects' }).waitFor();
    await b.screenshot(phone, 'orders-projects-390');
    const asked = page.waitForRequest((r) =>
      r.url().includes(`/api/projects/${submissionId}/room`),
    );
    await row.click();
    await page.getByRole('heading', { level: 1, name: 'Song Mix' }).waitFor();
    expect(new URL((await asked).url()).search).toBe('');
    await noSeriousAxe(page);
  });

  it('a link not valid: explains it and mails a fresh one', async () => {
    const phone = await b.page(390, 844);
    phone.setDefaultTimeout(15_000);
    await phone.goto(`${b.baseUrl()}/projects/${submissionId}?expires=4102444800&token=forged`);
    await phone.getByRole('heading', { level: 1, name: 'This link is not valid' }).waitFor();
    await phone.getByText(m.linkNotValid).waitFor();
    await phone.getByRole('textbox', { name: 'Email' }).fill(customer.user.email);
    const before = (await peers.mail(customer.user.email, 0)).length;
    await phone.getByRole('button', { name: 'Send me a fresh link' }).click();
    await phone.getByRole('status').filter({ hasText: m.linkRequested }).waitFor();
    await noSeriousAxe(phone);
    await b.screenshot(phone, 'project-room-link-390');

    const fresh = await mailedRoomLink(customer.user.email, submissionId, before + 1);
    await phone.goto(`${b.baseUrl()}${fresh}`);
    await phone.getByRole('heading', { level: 1, name: 'Song Mix' }).waitFor();
  });

  it('an unknown project: "Project not found"', async () => {
    const page = await b.page(1440, 900);
    await page.goto(`${b.baseUrl()}/projects/${randomUUID()}?expires=4102444800&token=x`);
    await page.getByRole('heading', { level: 1, name: m.notFound }).waitFor();
  });
});
