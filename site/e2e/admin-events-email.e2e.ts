import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createEvent,
  type EventFixture,
  type SessionUser,
  signInAdmin,
  withSession,
} from './api.ts';
import { setupBrowser } from './browser.ts';
import { peers } from './peers.ts';

const b = setupBrowser();

let admin: SessionUser;
/** Real images drawn and encoded by the browser (the API judges flyers by their bytes). */
let jpeg: Buffer;
let png: Buffer;

/** A form field by its label; Mantine appends " *" to required ones. */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

const toast = (page: Page, type: string, text: string) =>
  page.locator(`[data-toast-type="${type}"]`, { hasText: text });

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
const address = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;

async function drawImage(page: Page, type: 'image/jpeg' | 'image/png', label: string) {
  const dataUrl = await page.evaluate(
    ([mime, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 640;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const gradient = ctx.createLinearGradient(0, 0, 480, 640);
      gradient.addColorStop(0, '#7048e8');
      gradient.addColorStop(1, '#d6336c');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 480, 640);
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 48px sans-serif';
      ctx.fillText(text, 32, 320);
      return canvas.toDataURL(mime, 0.85);
    },
    [type, label] as const,
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

beforeAll(async () => {
  admin = await signInAdmin();
  const page = await b.page();
  await page.goto(`${b.baseUrl()}/terms-of-service`);
  jpeg = await drawImage(page, 'image/jpeg', 'LIVE NIGHT');
  png = await drawImage(page, 'image/png', 'PNG');
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  await page.context().close();
});

async function openTab(tab: 'Events' | 'Mass Email') {
  const page = await b.page(1440, 900);
  // Fail on the step that is stuck, inside the test's own 30 s.
  page.setDefaultTimeout(10_000);
  await withSession(page, admin);
  await page.goto(`${b.baseUrl()}/admin`);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('heading', { name: tab, level: 2 }).waitFor();
  return page;
}

/** The form's `datetime-local` value as the browser (in its zone) sends it. */
const browserIso = (page: Page, local: string) =>
  page.evaluate((value) => new Date(value).toISOString(), local);

const eventCard = (page: Page, title: string) => page.getByRole('article', { name: title });

async function publicEvents() {
  return (await apiCall<{ events: EventFixture[] }>('GET', '/events')).events;
}

async function adminEvents() {
  return (await apiCall<{ events: EventFixture[] }>('GET', '/events/admin', undefined, admin.token))
    .events;
}

describe('Events tab', () => {
  async function openCreate(page: Page) {
    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Event' });
    await dialog.waitFor();
    return dialog;
  }

  const flyerInput = (dialog: Locator) => dialog.locator('input[type="file"]');

  it('creates an event with a JPEG flyer: shown in the grid and in GET /api/events', async () => {
    const page = await openTab('Events');
    const title = unique('Listening Night');
    const dialog = await openCreate(page);
    await field(dialog, 'Title').fill(title);
    await field(dialog, 'Description').fill('New mixes on the big monitors.\nDoors at 7.');
    await field(dialog, 'Date and time').fill('2031-05-17T19:30');
    await field(dialog, 'Location').fill('Main Studio');
    await field(dialog, 'Ticket link').fill('https://tickets.example.com/listening');
    await flyerInput(dialog).setInputFiles({
      name: 'flyer.jpg',
      mimeType: 'image/jpeg',
      buffer: jpeg,
    });
    await dialog.getByRole('img', { name: 'Preview of the chosen flyer' }).waitFor();
    await b.screenshot(page, 'admin-event-modal-1440');

    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, 'success', 'Event created successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = eventCard(page, title);
    await card.waitFor();
    expect(await card.textContent()).toContain('Main Studio');
    const link = card.getByRole('link', { name: new RegExp(`Tickets for ${title}`) });
    expect(await link.getAttribute('href')).toBe('https://tickets.example.com/listening');
    const flyer = card.getByRole('img', { name: `Flyer for ${title}` });
    // Resized at upload to 320 and 480 px wide; the card draws it small, so the 320 one.
    await expect.poll(() => flyer.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    expect(await flyer.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-320\.avif$/);

    const listed = (await publicEvents()).find((e) => e.title === title);
    // multipart/form-data sends line breaks as CRLF (HTML's form encoding), and the API keeps them.
    expect(listed?.description.replace(/\r\n/g, '\n')).toBe(
      'New mixes on the big monitors.\nDoors at 7.',
    );
    expect(listed).toMatchObject({
      date: await browserIso(page, '2031-05-17T19:30'),
      location: 'Main Studio',
      ticketLink: 'https://tickets.example.com/listening',
      flyer: expect.stringMatching(/^\/api\/media\/flyers\/.+\.jpg$/),
    });
    await b.screenshot(page, 'admin-events-1440');
    await page.context().close();
  });

  it('lists every required field, then refuses a bad ticket link, a PNG and a file over 5 MB, sending nothing', async () => {
    const page = await openTab('Events');
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/events/admin')) posted += 1;
    });
    const dialog = await openCreate(page);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    for (const text of [
      'Title is required',
      'Description is required',
      'Date is required',
      'Event flyer is required',
    ]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }

    await field(dialog, 'Title').fill('Valid title');
    await field(dialog, 'Description').fill('Valid description');
    await field(dialog, 'Date and time').fill('2031-06-01T20:00');
    await field(dialog, 'Ticket link').fill('not a link');
    await flyerInput(dialog).setInputFiles({
      name: 'flyer.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await dialog.getByText('Please upload a JPEG image', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await dialog.getByText('Ticket link must be a valid URL', { exact: true }).waitFor();
    await dialog.getByText('Please upload a JPEG image', { exact: true }).waitFor();

    // One byte over the spec's 5 MB (5,242,880 bytes).
    const big = Buffer.concat([jpeg, Buffer.alloc(5_242_881 - jpeg.length)]);
    await flyerInput(dialog).setInputFiles({
      name: 'big.jpg',
      mimeType: 'image/jpeg',
      buffer: big,
    });
    await dialog.getByText('File size must be less than 5MB', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await dialog.getByText('File size must be less than 5MB', { exact: true }).waitFor();
    expect(posted).toBe(0);
    await page.context().close();
  });

  it('shows the server message on a refused save, and "Failed to save event" without one', async () => {
    const page = await openTab('Events');
    const dialog = await openCreate(page);
    await field(dialog, 'Title').fill(unique('Refused'));
    await field(dialog, 'Description').fill('The bytes are not a JPEG.');
    await field(dialog, 'Date and time').fill('2031-06-01T20:00');
    // Declared as a JPEG, but a PNG inside: only the server can tell.
    await flyerInput(dialog).setInputFiles({
      name: 'fake.jpg',
      mimeType: 'image/jpeg',
      buffer: png,
    });
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, 'error', 'Please upload a JPEG image').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await page.route('**/api/events/admin', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await flyerInput(dialog).setInputFiles({
      name: 'flyer.jpg',
      mimeType: 'image/jpeg',
      buffer: jpeg,
    });
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, 'error', 'Failed to save event').waitFor();
    await page.context().close();
  });

  it('edits an event and keeps its flyer when none is chosen', async () => {
    const before = await createEvent(
      { title: unique('Open Mic'), description: 'Bring a song.', date: '2032-01-10T18:00Z' },
      jpeg,
    );
    const page = await openTab('Events');
    await eventCard(page, before.title).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    expect(await field(dialog, 'Title').inputValue()).toBe(before.title);
    expect(await field(dialog, 'Date and time').inputValue()).toBe(
      await page.evaluate((iso) => {
        const d = new Date(iso);
        const p = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
      }, before.date),
    );
    await dialog.getByRole('img', { name: 'Current flyer' }).waitFor();
    const title = unique('Open Mic (moved)');
    await field(dialog, 'Title').fill(title);
    await field(dialog, 'Location').fill('Back Room');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'success', 'Event updated successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await eventCard(page, title).getByText('Back Room').waitFor();
    expect(await eventCard(page, before.title).count()).toBe(0);

    const after = (await adminEvents()).find((e) => e.id === before.id);
    expect(after).toMatchObject({ title, location: 'Back Room', flyer: before.flyer });
    expect(after?.date).toBe(before.date);
    await page.context().close();
  });

  it('deletes an event only after confirmation', async () => {
    const event = await createEvent(
      { title: unique('Farewell Show'), description: 'Last one.', date: '2032-02-01T21:00Z' },
      jpeg,
    );
    const page = await openTab('Events');
    const card = eventCard(page, event.title);
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete event?' });
    await confirm.getByText(event.title).waitFor();
    await confirm.getByRole('button', { name: 'Keep event' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await adminEvents()).some((e) => e.id === event.id)).toBe(true);

    await card.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'success', 'Event deleted successfully').waitFor();
    await card.waitFor({ state: 'detached' });
    expect((await adminEvents()).some((e) => e.id === event.id)).toBe(false);
    expect((await publicEvents()).some((e) => e.id === event.id)).toBe(false);
    await page.context().close();
  });

  it('says "Failed to fetch events" when the list cannot load', async () => {
    const page = await b.page();
    page.setDefaultTimeout(10_000);
    await withSession(page, admin);
    await page.route('**/api/events/admin', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto(`${b.baseUrl()}/admin`);
    await page.getByRole('tab', { name: 'Events' }).click();
    await toast(page, 'error', 'Failed to fetch events').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.context().close();
  });
});

describe('Mass Email tab', () => {
  const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Email Blast' });

  it('counts the valid addresses live and disables Send with none', async () => {
    const page = await openTab('Mass Email');
    const recipients = field(page, 'Recipients');
    await page.getByText('0 valid recipients').waitFor();
    expect(await sendButton(page).isDisabled()).toBe(true);
    await recipients.fill('not-an-address, also@wrong');
    await page.getByText('0 valid recipients').waitFor();
    expect(await sendButton(page).isDisabled()).toBe(true);
    await recipients.fill('a@example.com, nope\nb@example.com,,\n A@EXAMPLE.COM \nc@x');
    await page.getByText('2 valid recipients').waitFor();
    await page.getByText('2 entries ignored: nope, c@x').waitFor();
    expect(await sendButton(page).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('asks for a subject, and refuses an attachment that is not JPEG, PNG or PDF', async () => {
    const page = await openTab('Mass Email');
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/send-email-blast')) posted = true;
    });
    await field(page, 'Recipients').fill('someone@example.com');
    await sendButton(page).click();
    await toast(page, 'error', 'Email addresses and subject are required').waitFor();
    expect(posted).toBe(false);

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await toast(page, 'error', 'Please upload a JPEG, PNG, or PDF file').waitFor();
    expect(await field(page, 'Flyer attachment').textContent()).not.toContain('notes.txt');
    await page.context().close();
  });

  it('sends to three addresses: each receives it, the toast says so, the form clears and the history lists it', async () => {
    const page = await openTab('Mass Email');
    const to = [address('ann'), address('bob'), address('cy')];
    const subject = unique('Spring Session');
    await field(page, 'Recipients').fill(`${to[0]}, ${to[1]}\n${to[2]}`);
    await field(page, 'Subject').fill(subject);
    await field(page, 'Message').fill('Hello <b>friends</b>\nDoors at 7.');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'flyer.png', mimeType: 'image/png', buffer: png });
    await toast(page, 'success', 'Flyer attached').waitFor();

    // The preview shows the text as text, with its line break, never as HTML.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: subject }).waitFor();
    const text = preview.getByText('Hello <b>friends</b>');
    expect(await text.textContent()).toBe('Hello <b>friends</b>\nDoors at 7.');
    // The line break shows as one, as the mail's <br> does.
    expect(await text.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    expect(await preview.locator('b').count()).toBe(0);
    await preview.getByText('flyer.png').waitFor();
    await preview.getByText('To 3 recipients').waitFor();
    await b.screenshot(page, 'admin-mass-email-1440');

    await sendButton(page).click();
    await toast(page, 'success', 'Email blast sent successfully to 3 recipient(s)!').waitFor();
    for (const rcpt of to) {
      const [mail] = await peers.mail(rcpt);
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain('Hello <b>friends</b>\nDoors at 7.');
    }
    expect(await field(page, 'Recipients').inputValue()).toBe('');
    expect(await field(page, 'Subject').inputValue()).toBe('');
    expect(await field(page, 'Message').inputValue()).toBe('');
    await page.getByText('0 valid recipients').waitFor();

    const row = page
      .getByRole('table', { name: 'Email blast history' })
      .getByRole('row')
      .filter({ hasText: subject });
    await row.getByText('Done').waitFor();
    expect(await row.textContent()).toContain('Attachment: flyer.png');
    await row.getByRole('button', { name: `Details of ${subject}` }).click();
    const detail = page.getByRole('dialog', { name: `Email blast: ${subject}` });
    for (const rcpt of to) {
      await detail.getByRole('row').filter({ hasText: rcpt }).getByText('Sent').waitFor();
    }
    expect(await detail.getByRole('button', { name: /Retry failed/ }).count()).toBe(0);
    await b.screenshot(page, 'admin-mass-email-detail-1440');
    await page.context().close();
  });

  it('loads the subscribers and a .csv list into the recipients', async () => {
    // Imported, so subscribed at once (a sign-up on the site waits for its confirmation).
    const subscriber = address('reader');
    await apiCall('POST', '/admin/subscribers/import', { content: subscriber }, admin.token);
    const { count } = await apiCall<{ count: number }>(
      'GET',
      '/contact/subscribers',
      undefined,
      admin.token,
    );
    const page = await openTab('Mass Email');
    await page.getByRole('button', { name: 'Load subscribers' }).click();
    await toast(page, 'success', `Loaded ${count} subscriber(s)`).waitFor();
    expect(await field(page, 'Recipients').inputValue()).toContain(subscriber);

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload list (.txt, .csv)' }).click(),
    ]);
    await chooser.setFiles({
      name: 'list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,email\nAnn,"ann@example.com"\nBob,bob@example.com\n`),
    });
    await toast(page, 'success', 'Email list loaded').waitFor();
    await page
      .getByText(
        'Listed and imported addresses are mailed without a confirmation: add only people who agreed to hear from you.',
      )
      .waitFor();
    const value = await field(page, 'Recipients').inputValue();
    expect(value).toContain('ann@example.com');
    expect(value).toContain('bob@example.com');
    expect(value).toContain(subscriber);
    await page.getByText(`${count + 2} valid recipients`).waitFor();
    await page.context().close();
  });

  it('follows a blast the server answers 202 for, with a progress bar, to "Sent: N, Failed: M"', async () => {
    const page = await openTab('Mass Email');
    const blastId = randomUUID();
    const summary = (status: string, sentCount: number, failedCount: number) => ({
      blast: {
        id: blastId,
        subject: 'Long list',
        status,
        createdAt: new Date().toISOString(),
        finishedAt: null,
        attachmentName: null,
        total: 3,
        sentCount,
        failedCount,
        skippedCount: 0,
        pendingCount: 3 - sentCount - failedCount,
        sendingCount: 0,
        unknownCount: 0,
        pausedUntil: null,
        pauseReason: null,
      },
      recipients: [],
    });
    await page.route('**/api/events/admin/send-email-blast', (route) =>
      route.fulfill({
        status: 202,
        json: { blastId, status: 'sending', sentCount: 1, failedCount: 0, total: 3 },
      }),
    );
    let polls = 0;
    await page.route(`**/api/admin/email-blasts/${blastId}`, (route) => {
      polls += 1;
      return route.fulfill({
        json: polls === 1 ? summary('sending', 1, 1) : summary('done', 2, 1),
      });
    });
    await field(page, 'Recipients').fill('a@example.com, b@example.com, c@example.com');
    await field(page, 'Subject').fill('Long list');
    await sendButton(page).click();
    await page.getByRole('progressbar', { name: 'Email blast progress' }).waitFor();
    await page.getByText('Sending: 2 of 3 processed (1 sent, 1 failed)').waitFor();
    await toast(page, 'blank', 'Email blast completed! Sent: 2, Failed: 1').waitFor();
    expect(await field(page, 'Subject').inputValue()).toBe('');
    await page.context().close();
  });

  it('retries the failed recipients of a blast from its details', async () => {
    const page = await openTab('Mass Email');
    const blastId = randomUUID();
    const blast = {
      id: blastId,
      subject: 'Partly failed',
      status: 'done',
      createdAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      attachmentName: null,
      total: 2,
      sentCount: 1,
      failedCount: 1,
      skippedCount: 0,
      pendingCount: 0,
      sendingCount: 0,
      unknownCount: 0,
      pausedUntil: null,
      pauseReason: null,
    };
    await page.route(`**/api/admin/email-blasts/${blastId}`, (route) =>
      route.fulfill({
        json: {
          blast,
          recipients: [
            { email: 'ok@example.com', status: 'sent', error: null, sentAt: blast.finishedAt },
            {
              email: 'gone@example.com',
              status: 'failed',
              error: 'Mailbox unavailable',
              sentAt: null,
            },
          ],
        },
      }),
    );
    let retried = false;
    await page.route(`**/api/admin/email-blasts/${blastId}/retry`, (route) => {
      retried = route.request().method() === 'POST';
      return route.fulfill({ status: 202, json: { blastId, status: 'queued', retried: 1 } });
    });
    await page.route('**/api/admin/email-blasts?*', (route) =>
      route.fulfill({ json: { blasts: [blast], total: 1, page: 1, pageSize: 10 } }),
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Mass Email' }).click();
    await page.getByRole('button', { name: 'Details of Partly failed' }).click();
    const detail = page.getByRole('dialog', { name: 'Email blast: Partly failed' });
    await detail.getByText('Mailbox unavailable').waitFor();
    await detail.getByRole('button', { name: 'Retry failed (1)' }).click();
    await toast(page, 'success', 'Retrying 1 failed recipient').waitFor();
    expect(retried).toBe(true);
    await page.context().close();
  });
});
