import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, type SessionUser, signInAdmin, withSession } from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { screenshotDir, setupBrowser } from './browser.ts';
import { peers } from './peers.ts';

const b = setupBrowser();

/**
 * The admin's notice of transactional mail that failed or may not have arrived, made through the
 * real API process and its SMTP server: a 550 for good (failed) and a connection cut before the
 * server answered (unknown).
 */

interface MailRow {
  id: string;
  to: string;
  status: string;
  purpose: string;
  attempts: number;
  lastError: string | null;
}

const address = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.net`;

const attention = (admin: SessionUser) =>
  apiCall<{ mails: MailRow[]; counts: Record<string, number> }>(
    'GET',
    '/admin/mail?status=attention&pageSize=100',
    undefined,
    admin.token,
  );

/** The admin's row for the mail to `to`, once it is `status`. */
async function mailTo(admin: SessionUser, to: string, status: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = (await attention(admin)).mails.find((m) => m.to === to);
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`the mail to ${to} is not ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const subscribe = (email: string) => apiCall('POST', '/contact/newsletter', { email });

/** A newsletter confirmation the mail server refuses for good (550): failed. */
async function failedMail(admin: SessionUser): Promise<MailRow> {
  const to = address('full');
  await peers.refuseMail(to);
  await subscribe(to);
  return mailTo(admin, to, 'failed');
}

/** A confirmation whose connection is cut after the message, before the server's answer: unknown. */
async function unknownMail(admin: SessionUser): Promise<MailRow> {
  const to = address('cut');
  await peers.mailDataMode('drop');
  try {
    await subscribe(to);
    return await mailTo(admin, to, 'unknown');
  } finally {
    await peers.mailDataMode('accept');
  }
}

/** Leaves nothing needing a look for the next test: the mails go out for real. */
async function settle(admin: SessionUser, mails: MailRow[]) {
  for (const mail of mails) {
    await peers.refuseMail(mail.to, false);
    const row = (await attention(admin)).mails.find((m) => m.id === mail.id);
    if (row) await apiCall('POST', `/admin/mail/${mail.id}/resend`, undefined, admin.token);
  }
}

async function openAdmin(admin: SessionUser, width: number) {
  const page = await b.page(width, width < 500 ? 844 : 900);
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return page;
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: /needs? a look/ });
const noticeText = (page: Page) =>
  notice(page)
    .getByText(/needs? a look/)
    .textContent();
const card = (page: Page, to: string) => page.getByRole('article').filter({ hasText: to });
/** What the screen shows (a full-page shot would add the page scrolled under a full-screen modal). */
async function viewportShot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}
const toast = (page: Page, text: string) =>
  page.locator('[data-toast-type="success"]', { hasText: text });

describe.each([1440, 390])('at %i px', (width) => {
  it('the notice counts the failed and unknown mails; the modal shows each; axe finds nothing serious', async () => {
    const admin = await signInAdmin();
    const failed = await failedMail(admin);
    const unknown = await unknownMail(admin);
    try {
      const page = await openAdmin(admin, width);
      await expect
        .poll(() => noticeText(page))
        .toBe('2 e-mails need a look: 1 failed, 1 may not have arrived.');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await b.screenshot(page, `admin-mail-notice-${width}`);

      await notice(page)
        .getByRole('button', { name: /^Review/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'E-mails that need a look' });
      await card(page, failed.to).waitFor();
      const failedCard = await card(page, failed.to).textContent();
      expect(failedCard).toContain('Newsletter confirmation');
      expect(failedCard).toContain('Failed');
      expect(failedCard).toMatch(/Last error.*550 Mailbox unavailable/);
      const unknownCard = await card(page, unknown.to).textContent();
      expect(unknownCard).toContain('Unknown');
      expect(unknownCard).toContain(
        'The connection broke before the mail server answered: it may have arrived.',
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Nothing sideways: long addresses and errors wrap inside the dialog.
      const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (width < 500) expect((await dialog.boundingBox())?.width).toBe(width);
      await viewportShot(page, `admin-mail-modal-${width}`);

      // The question before sending one that may have arrived.
      await card(page, unknown.to)
        .getByRole('button', { name: /^Send again/ })
        .click();
      await card(page, unknown.to)
        .getByRole('group', { name: /It may already have arrived/ })
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await viewportShot(page, `admin-mail-confirm-${width}`);
      await page.context().close();
    } finally {
      await settle(admin, [failed, unknown]);
    }
  });
});

describe('sending again', () => {
  it('a failed mail at once, an unknown one after a confirmation; both arrive once and the notice goes', async () => {
    const admin = await signInAdmin();
    const failed = await failedMail(admin);
    const unknown = await unknownMail(admin);
    try {
      const page = await openAdmin(admin, 1440);
      await notice(page)
        .getByRole('button', { name: /^Review/ })
        .click();
      await card(page, failed.to).waitFor();

      // The mailbox has room again: the admin sends it again, without being asked.
      await peers.refuseMail(failed.to, false);
      await card(page, failed.to)
        .getByRole('button', { name: `Send again: Newsletter confirmation to ${failed.to}` })
        .click();
      await toast(
        page,
        `Newsletter confirmation to ${failed.to} is queued to be sent again`,
      ).waitFor();
      await card(page, failed.to).waitFor({ state: 'detached' });
      await expect
        .poll(() => noticeText(page))
        .toBe('1 e-mail needs a look: 1 may not have arrived.');
      expect(await peers.mail(failed.to)).toHaveLength(1);

      // It may have arrived: the admin is asked first, and Cancel sends nothing.
      const unknownCard = card(page, unknown.to);
      const sendAgain = unknownCard.getByRole('button', { name: /^Send again/ });
      await sendAgain.click();
      const confirm = unknownCard.getByRole('group', {
        name: 'It may already have arrived; the recipient could get it twice.',
      });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect((await mailTo(admin, unknown.to, 'unknown')).attempts).toBe(1);

      await sendAgain.click();
      await confirm.getByRole('button', { name: 'Send it again anyway' }).click();
      await toast(
        page,
        `Newsletter confirmation to ${unknown.to} is queued to be sent again`,
      ).waitFor();
      await page.getByText('Nothing needs a look').waitFor();
      await notice(page).waitFor({ state: 'detached' });
      expect(await peers.mail(unknown.to)).toHaveLength(1);

      // Each arrived exactly once.
      await new Promise((r) => setTimeout(r, 1000));
      expect(await peers.mail(failed.to)).toHaveLength(1);
      expect(await peers.mail(unknown.to)).toHaveLength(1);
      const { counts } = await attention(admin);
      expect(counts).toMatchObject({ failed: 0, unknown: 0 });
      await page.context().close();
    } finally {
      await settle(admin, [failed, unknown]);
    }
  });
});
