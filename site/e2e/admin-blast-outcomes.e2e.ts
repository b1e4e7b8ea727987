import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SessionUser, signInAdmin, withSession } from './api.ts';
import { setupBrowser } from './browser.ts';
import { peers } from './peers.ts';
import { databaseUrl as stackDatabaseUrl } from './stack.ts';

/**
 * A blast's detail when some results are unknown (the API died or the connection broke
 * mid-send) and when the mail server refused for now. Those states come from faults, so the
 * blasts are written to the suite's database as the API leaves them; the resend then goes
 * through the real API, job and SMTP server.
 */

const b = setupBrowser();
const databaseUrl = stackDatabaseUrl();
const sql = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : undefined;
let admin: SessionUser;

beforeAll(async () => {
  admin = await signInAdmin();
});
afterAll(async () => {
  await sql?.end();
});

const address = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;
const toast = (page: Page, type: string, text: string) =>
  page.locator(`[data-toast-type="${type}"]`, { hasText: text });

/** A blast row and its recipients, as the API would have left them. */
async function storedBlast(
  subject: string,
  blast: { status: 'sending' | 'done'; pausedFor?: string; lastError?: string },
  recipients: { email: string; status: string; error?: string }[],
) {
  if (!sql) throw new Error('no database');
  const [row] = await sql<{ id: string }[]>`
    insert into email_blasts (subject, message, status, finished_at, paused_until, last_error)
    values (${subject}, 'Hello', ${blast.status},
      ${blast.status === 'done' ? sql`now()` : null},
      ${blast.pausedFor ? sql`now() + ${blast.pausedFor}::interval` : null},
      ${blast.lastError ?? null})
    returning id`;
  const id = row?.id ?? '';
  for (const r of recipients) {
    await sql`
      insert into email_blast_recipients (blast_id, email, status, error, attempts, sent_at, attempted_at)
      values (${id}, ${r.email}, ${r.status}, ${r.error ?? null},
        ${r.status === 'pending' ? 0 : 1}, ${r.status === 'sent' ? sql`now()` : null},
        ${r.status === 'pending' ? null : sql`now()`})`;
  }
  return id;
}

async function openDetail(subject: string, width: number) {
  const page = await b.page(width, 900);
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('tab', { name: 'Mass Email' }).click();
  await page.getByRole('button', { name: `Details of ${subject}` }).click();
  const detail = page.getByRole('dialog', { name: `Email blast: ${subject}` });
  await detail.waitFor();
  return { page, detail };
}

describe('Mass Email: a blast paused while the form follows it', () => {
  it('the form says why it waits and until when, then gives the result', async () => {
    const page = await b.page(1440, 900);
    page.setDefaultTimeout(10_000);
    await withSession(page, admin);
    const blastId = randomUUID();
    const until = new Date(Date.now() + 30_000).toISOString();
    const blast = (paused: boolean) => ({
      blast: {
        id: blastId,
        subject: 'Refused for now',
        status: paused ? 'sending' : 'done',
        createdAt: new Date().toISOString(),
        finishedAt: paused ? null : new Date().toISOString(),
        attachmentName: null,
        total: 2,
        sentCount: paused ? 1 : 2,
        failedCount: 0,
        skippedCount: 0,
        pendingCount: paused ? 1 : 0,
        sendingCount: 0,
        unknownCount: 0,
        pausedUntil: paused ? until : null,
        pauseReason: paused ? '421 4.3.2 Service not available' : null,
      },
      recipients: [],
    });
    await page.route('**/api/events/admin/send-email-blast', (route) =>
      route.fulfill({
        status: 202,
        json: { blastId, status: 'sending', sentCount: 1, failedCount: 0, total: 2 },
      }),
    );
    let polls = 0;
    await page.route(`**/api/admin/email-blasts/${blastId}`, (route) => {
      polls += 1;
      return route.fulfill({ json: blast(polls < 3) });
    });
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('tab', { name: 'Mass Email' }).click();
    await page.getByLabel(/^Recipients/).fill('a@example.com, b@example.com');
    await page.getByLabel(/^Subject/).fill('Refused for now');
    await page.getByRole('button', { name: 'Send Email Blast' }).click();
    const status = page
      .getByRole('status')
      .filter({ hasText: 'Paused: 421 4.3.2 Service not available, retrying at' });
    await status.waitFor();
    expect(await status.textContent()).toContain('1 of 2 processed (1 sent, 0 failed)');
    await toast(page, 'success', 'Email blast sent successfully to 2 recipient(s)!').waitFor();
    await page.context().close();
  });
});

describe.skipIf(!sql)('Mass Email: blasts with unknown results and paused blasts', () => {
  it('shows the unknown count and lists them; "Resend to unknown" asks first, then mails exactly those', async () => {
    const subject = `Half known ${randomUUID().slice(0, 6)}`;
    const sent = [address('got'), address('had')];
    const unknown = [address('maybe'), address('perhaps')];
    await storedBlast(subject, { status: 'done' }, [
      ...sent.map((email) => ({ email, status: 'sent' })),
      { email: unknown[0] ?? '', status: 'unknown', error: 'Connection closed unexpectedly' },
      { email: unknown[1] ?? '', status: 'unknown' },
    ]);
    for (const width of [390, 1440]) {
      const { page, detail } = await openDetail(subject, width);
      await detail.getByText('Unknown: the connection dropped').waitFor();
      await b.screenshot(page, `admin-blast-unknown-${width}`);
      await page.context().close();
    }

    const { page, detail } = await openDetail(subject, 1440);
    // The count, and the filter that lists them.
    expect(await detail.getByRole('group', { name: 'Unknown' }).textContent()).toBe('2Unknown');
    expect(await detail.getByRole('group', { name: 'Sent' }).textContent()).toBe('2Sent');
    await detail.getByText('Unknown (2)', { exact: true }).click();
    const rows = detail.getByRole('table', { name: 'Recipients' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    for (const email of unknown)
      await rows.filter({ hasText: email }).getByText('Unknown').waitFor();

    // A dialog first: cancelling sends nothing.
    const resend = detail.getByRole('button', { name: 'Resend to unknown (2)' });
    await resend.click();
    const confirm = page.getByRole('dialog', { name: 'Resend to unknown recipients?' });
    await confirm.getByText('Some may get it twice.').waitFor();
    await b.screenshot(page, 'admin-blast-resend-confirm-1440');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    await resend.click();
    await confirm.getByRole('button', { name: 'Resend to 2 recipients' }).click();
    await toast(page, 'success', 'Resending to 2 recipients').waitFor();
    for (const email of unknown) expect(await peers.mail(email)).toHaveLength(1);
    // The detail follows the blast until it is done again.
    await detail.getByText('All (4)', { exact: true }).click();
    for (const email of unknown) {
      await detail.getByRole('row').filter({ hasText: email }).getByText('Sent').waitFor();
    }
    expect(await detail.getByRole('button', { name: /Resend to unknown/ }).count()).toBe(0);
    for (const email of sent) expect(await peers.mail(email, 0, 0)).toHaveLength(0);
    await page.context().close();
  });

  it('a blast paused by the mail server says why and when it retries, in its detail and the history', async () => {
    const subject = `Greylisted ${randomUUID().slice(0, 6)}`;
    const id = await storedBlast(
      subject,
      { status: 'sending', pausedFor: '1 hour', lastError: '451 4.7.1 Try again later' },
      [
        { email: address('early'), status: 'sent' },
        { email: address('later'), status: 'pending', error: '451 4.7.1 Try again later' },
      ],
    );
    try {
      for (const width of [390, 1440]) {
        const { page, detail } = await openDetail(subject, width);
        const line = detail.getByText(/^Paused: 451 4\.7\.1 Try again later, retrying at /);
        await line.waitFor();
        expect(await line.textContent()).toMatch(/retrying at \d{1,2}:\d{2}:\d{2}/);
        await b.screenshot(page, `admin-blast-paused-${width}`);
        await page.keyboard.press('Escape');
        const row = page
          .getByRole('table', { name: 'Email blast history' })
          .getByRole('row')
          .filter({ hasText: subject });
        await row.getByText('Paused').waitFor();
        await page.context().close();
      }
    } finally {
      // Not left for a later start of the API to resume.
      if (sql) await sql`delete from email_blasts where id = ${id}`;
    }
  });
});
