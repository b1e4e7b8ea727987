import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, signInAdmin } from './api.ts';
import { seriousAxeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { makeWav } from './files';

const b = setupBrowser();

// Spec 5, in the order the form checks them.
const PROJECT_CHECKS = [
  'Please enter your name',
  'Please enter your email address',
  'Please enter a valid email address',
  'Please select a service',
  'Please provide project details',
  'Please provide more details about your project (at least 10 characters)',
] as const;

const POPULAR = [
  'Song Mix',
  'Song Master',
  'Film Audio Post (≤1 hour)',
  'Digital Video Audio (≤30 min)',
];
const CATEGORIES = ['Sound Design', 'Mixing / Mastering', 'Post-Production'];

async function openLanding(page: Page, path = '/') {
  // Fail on the step that is stuck, inside the test's own 30 s.
  page.setDefaultTimeout(10_000);
  await page.goto(`${b.baseUrl()}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The services arrive from the API; their category toggles show once they have.
  await categoryToggle(page, 'Sound Design').waitFor();
}

function toast(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

function submitDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Submit Your Project' });
}

function categoryToggle(scope: Page | Locator, category: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`^${category}`) });
}

async function expandCategories(page: Page) {
  for (const category of CATEGORIES) {
    const toggle = categoryToggle(page, category);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  }
}

/** A real JPEG, drawn and encoded by the browser itself. */
async function makeJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 160;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const gradient = ctx.createLinearGradient(0, 0, 120, 160);
    gradient.addColorStop(0, '#7048e8');
    gradient.addColorStop(1, '#15aabf');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 120, 160);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  const jpeg = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  return jpeg;
}

async function createEvent(fields: Record<string, string>, flyer: Buffer) {
  const { token } = await signInAdmin();
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('flyer', new Blob([new Uint8Array(flyer)], { type: 'image/jpeg' }), 'flyer.jpg');
  const res = await fetch(`${b.baseUrl()}/api/events/admin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { event: { id: string; flyer: string } }).event;
}

/** An upcoming event with a flyer, created through the admin API; returns its title. */
async function createUpcomingEvent(page: Page): Promise<string> {
  const title = `Build Night ${randomUUID().slice(0, 8)}`;
  await createEvent(
    {
      title,
      description: 'Bring a project and build it with us.',
      date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      location: 'Studio B, Harbour Street',
    },
    await makeJpeg(page),
  );
  return title;
}

/** Until the modal holding `dialog` has finished its opening transition. */
async function modalSettled(page: Page, dialog: Locator) {
  await page.waitForFunction(
    (el) => {
      const root = el.closest('.mantine-Modal-root');
      const overlay = root?.querySelector('.mantine-Modal-overlay');
      return (
        !!root &&
        root.getAnimations({ subtree: true }).length === 0 &&
        getComputedStyle(el).opacity === '1' &&
        (!overlay || getComputedStyle(overlay).opacity === '1')
      );
    },
    await dialog.elementHandle(),
  );
}

/** Until the collapsible panels inside `selector` have finished their height transitions. */
async function panelsSettled(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.getAnimations({ subtree: true }).length === 0,
    selector,
  );
}

/** Two animation frames: any scroll event has been handled and its render painted. */
async function nextFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

async function noHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe('landing page: events', () => {
  it('fetches events only once the modal opens and lists an event an admin created', async () => {
    const page = await b.page(1440, 900);
    const eventRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/events') eventRequests.push(req.url());
    });
    await openLanding(page);
    const title = `Listening Party ${randomUUID().slice(0, 8)}`;
    const date = new Date(Date.now() + 3 * 86_400_000);
    date.setUTCSeconds(0, 0);
    await createEvent(
      {
        title,
        description: 'Hear the new sample pack on the big monitors.',
        date: date.toISOString(),
        location: 'Studio A, Harbour Street',
        ticketLink: 'https://tickets.example.com/listening-party',
      },
      await makeJpeg(page),
    );
    await page.waitForLoadState('networkidle');
    expect(eventRequests).toEqual([]);

    await page.getByRole('button', { name: 'View Events' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upcoming Events' });
    await dialog.waitFor();
    const item = dialog.getByRole('listitem').filter({ hasText: title });
    await item.waitFor();
    expect(eventRequests).toHaveLength(1);

    const localDate = await page.evaluate(
      (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' }),
      date.toISOString(),
    );
    expect(await item.getByRole('heading', { level: 3 }).textContent()).toBe(title);
    expect(await item.textContent()).toContain(localDate);
    expect(await item.textContent()).toContain('Studio A, Harbour Street');
    expect(await item.textContent()).toContain('Hear the new sample pack on the big monitors.');
    const flyer = item.getByRole('img', { name: `Flyer for ${title}` });
    // Stored at its own 120 px width only (never enlarged), as AVIF for Chromium.
    await expect
      .poll(() => flyer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await flyer.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-120\.avif$/);
    const tickets = item.getByRole('link', { name: /Get tickets/ });
    expect(await tickets.getAttribute('href')).toBe('https://tickets.example.com/listening-party');
    expect(await tickets.getAttribute('target')).toBe('_blank');
    expect(await tickets.getAttribute('rel')).toBe('noopener noreferrer');
    await b.screenshot(page, 'landing-events-modal-1440');

    // Focus stays in the modal; Escape closes it.
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Cached for 5 minutes: reopening does not fetch again.
    await page.getByRole('button', { name: 'View Events' }).click();
    await dialog.getByText(title).waitFor();
    expect(eventRequests).toHaveLength(1);

    await dialog.getByRole('link', { name: 'Event Space' }).click();
    await page.waitForURL(`${b.baseUrl()}/event-space`);
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it.each([
    [1440, '/api/media/flyers/seed-open-studio-night-320.avif'],
    // On a phone the whole poster in a 4:3 frame: about 230 CSS px wide, at 1x here.
    [390, '/api/media/flyers/seed-open-studio-night-320.avif'],
  ])('shows the seeded events with their flyers at %i px, loaded', async (width, variant) => {
    const page = await b.page(width, 900);
    await openLanding(page);
    await page.getByRole('button', { name: 'View Events' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upcoming Events' });
    for (const title of [
      'Open Studio Night',
      'Sound Design Workshop',
      'Community Server Build Night',
    ]) {
      const flyer = dialog
        .getByRole('listitem')
        .filter({ hasText: title })
        .getByRole('img', { name: `Flyer for ${title}` });
      await flyer.scrollIntoViewIfNeeded();
      await expect
        .poll(() => flyer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    const first = dialog.getByRole('img', { name: 'Flyer for Open Studio Night' });
    expect(await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
      variant,
    );
    await b.screenshot(page, `landing-events-seeded-${width}`);
    await page.context().close();
  });

  it("shows 'Failed to fetch events' when the request fails, and an empty state", async () => {
    const page = await b.page(390, 844);
    await page.route('**/api/events', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable', code: 'INTERNAL' } }),
    );
    await openLanding(page);
    await page.getByRole('button', { name: 'View Events' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upcoming Events' });
    // The query retries once (about 1 s) before it reports the failure.
    await dialog.getByText('Failed to fetch events').waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole('listitem').count()).toBe(0);

    await page.unroute('**/api/events');
    await page.route('**/api/events', (route) => route.fulfill({ json: { events: [] } }));
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByText('No upcoming events').waitFor();
    expect(await dialog.getByText('Failed to fetch events').count()).toBe(0);
    expect(await dialog.getByRole('link', { name: 'Event Space' }).getAttribute('href')).toBe(
      '/event-space',
    );
    await b.screenshot(page, 'landing-events-empty-390');
    await page.context().close();
  });
});

describe('landing page: hero and header', () => {
  it.each([
    ['Shop', 'shop'],
    ['Contact', 'contact'],
    ['Campaigns', 'campaigns'],
  ])('%s scrolls to #%s over 1.2 s and stops at the header', async (label, id) => {
    const page = await b.page(1440, 900);
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    // Record the scroll position on every frame, and the moment of the click.
    await page.evaluate(() => {
      const w = window as unknown as { samples: [number, number][]; clickAt?: number };
      w.samples = [];
      const t0 = performance.now();
      document.addEventListener(
        'click',
        () => {
          w.clickAt = performance.now() - t0;
        },
        { capture: true, once: true },
      );
      const record = () => {
        w.samples.push([performance.now() - t0, window.scrollY]);
        if (performance.now() - t0 < 6000) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.locator('#hero').getByRole('link', { name: label, exact: true }).click();
    await page.waitForFunction(() => {
      const w = window as unknown as { samples: [number, number][]; clickAt?: number };
      return w.clickAt !== undefined && (w.samples.at(-1)?.[0] ?? 0) > w.clickAt + 1700;
    });
    const result = await page.evaluate((sectionId) => {
      const w = window as unknown as { samples: [number, number][]; clickAt: number };
      const section = document.getElementById(sectionId);
      const header = document.querySelector('header');
      if (!section || !header) throw new Error('missing section or header');
      return {
        samples: w.samples.map(([t, y]) => [t - w.clickAt, y] as const),
        sectionTop: section.getBoundingClientRect().top,
        headerBottom: header.getBoundingClientRect().bottom,
        atBottom:
          Math.abs(window.scrollY - (document.documentElement.scrollHeight - window.innerHeight)) <
          2,
        finalY: window.scrollY,
      };
    }, id);
    const { samples, finalY } = result;
    expect(finalY).toBeGreaterThan(500);
    const upTo = (ms: number) => samples.filter(([t]) => t >= 0 && t <= ms);
    // Around 300 ms in: not yet near the target (ease-in-out has covered about 6% of the way).
    for (const [, y] of upTo(300)) expect(y).toBeLessThan(finalY * 0.3);
    // Up to 1 s in: still short of it, and it has started moving.
    for (const [, y] of upTo(1000)) expect(finalY - y).toBeGreaterThan(2);
    expect(upTo(1000).some(([, y]) => y > 0)).toBe(true);
    // From about 1.2 s on: at the target. A frame's sample may read the position the previous
    // frame set, so the first frame after 1.25 s (however late it comes) is skipped. Up to 8 px
    // of give: content settling above the fold after the animation (a late image or section on a
    // loaded machine) moves the page by scroll anchoring, while a longer animation would still be
    // further off: its later frames step tens of pixels.
    for (const [t, y] of samples.filter(([t]) => t >= 1250).slice(1))
      expect(Math.abs(y - finalY), `at ${Math.round(t)} ms`).toBeLessThanOrEqual(8);
    // The section's top sits at the header's bottom (unless the page cannot scroll that far).
    expect(result.headerBottom).toBe(64);
    if (!result.atBottom) expect(Math.abs(result.sectionTop - result.headerBottom)).toBeLessThan(2);
    else expect(result.sectionTop).toBeGreaterThanOrEqual(result.headerBottom - 2);
    // Keyboard users continue from the section they asked for.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    await page.context().close();
  });

  it('jumps at once under prefers-reduced-motion, with a still typing word', async () => {
    const page = await b.page(1440, 900);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openLanding(page);
    const typing = page.getByTestId('typing-words');
    expect(await typing.getAttribute('aria-hidden')).toBe('true');
    const first = await typing.textContent();
    expect(first?.trim()).not.toBe('');
    const seen = new Set<string | null>();
    for (let i = 0; i < 8; i++) {
      seen.add(await typing.textContent());
      await page.waitForTimeout(150);
    }
    expect([...seen]).toEqual([first]);

    // The jump happens within the click itself: no frame passes at a position in between.
    const after = await page
      .locator('#hero')
      .getByRole('link', { name: 'Campaigns', exact: true })
      .evaluate((link: HTMLElement) => {
        link.click();
        return {
          top: document.getElementById('campaigns')?.getBoundingClientRect().top ?? Number.NaN,
          atBottom:
            Math.abs(window.scrollY - (document.documentElement.scrollHeight - innerHeight)) < 2,
          y: window.scrollY,
        };
      });
    expect(after.y).toBeGreaterThan(500);
    if (!after.atBottom) expect(Math.abs(after.top - 64)).toBeLessThan(2);
    else expect(after.top).toBeGreaterThanOrEqual(62);
    await page.context().close();
  });

  it('types Japanese words about community, hidden from assistive technology', async () => {
    const page = await b.page(390, 844);
    await openLanding(page);
    const typing = page.getByTestId('typing-words');
    expect(await typing.getAttribute('aria-hidden')).toBe('true');
    const seen = new Set<string>();
    // Longer than a full word's pause (2 s) plus its typing, so the window cannot fall in a pause.
    for (let i = 0; i < 30; i++) {
      seen.add((await typing.textContent()) ?? '');
      await page.waitForTimeout(150);
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
    expect([...seen].join('')).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await page.context().close();
  });

  it('turns the header opaque only after scrolling past 50 px', async () => {
    const page = await b.page(1440, 900);
    await openLanding(page);
    const header = page.locator('header').first();
    const background = () => header.evaluate((h) => getComputedStyle(h).backgroundColor);
    expect(await header.getAttribute('data-scrolled')).toBeNull();
    expect(await background()).toBe('rgba(16, 17, 22, 0.55)');

    await page.evaluate(() => window.scrollTo({ top: 50, behavior: 'instant' }));
    await nextFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(50);
    expect(await header.getAttribute('data-scrolled')).toBeNull();
    expect(await background()).toBe('rgba(16, 17, 22, 0.55)');

    await page.evaluate(() => window.scrollTo({ top: 120, behavior: 'instant' }));
    await expect.poll(() => header.getAttribute('data-scrolled')).not.toBeNull();
    await expect.poll(background).toBe('rgb(16, 17, 22)');

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBeNull();
    await page.context().close();
  });
});

describe('landing page: services', () => {
  it('shows the Audio Services panel open, its categories collapsed, then 18 cards', async () => {
    const page = await b.page(1440, 900);
    await openLanding(page);
    const services = page.locator('#services');
    const panel = services.getByRole('button', { name: /^Audio Services/ });
    expect(await panel.getAttribute('aria-expanded')).toBe('true');
    const panelText = await panel.textContent();
    expect(panelText).toContain('17 Services Available');
    expect(panelText).toContain('Starting at $167');
    const regionId = await panel.getAttribute('aria-controls');
    expect(await page.locator(`[id="${regionId}"]`).count()).toBe(1);

    for (const category of CATEGORIES) {
      const toggle = categoryToggle(services, category);
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const controls = await toggle.getAttribute('aria-controls');
      expect(await page.locator(`[id="${controls}"]`).count()).toBe(1);
    }
    expect(await services.locator('article:visible').count()).toBe(0);

    // Keyboard: Enter on a focused toggle opens it.
    const sound = categoryToggle(services, 'Sound Design');
    await sound.focus();
    await page.keyboard.press('Enter');
    expect(await sound.getAttribute('aria-expanded')).toBe('true');
    await expandCategories(page);

    const cards = services.locator('article:visible');
    await expect.poll(() => cards.count()).toBe(18);
    const popularTitles = await services
      .locator('article:visible')
      .filter({ hasText: 'Popular' })
      .locator('h5')
      .allTextContents();
    expect(popularTitles.sort()).toEqual([...POPULAR].sort());

    const card = (title: string) => services.getByRole('article', { name: title, exact: true });
    expect(await card('Video Game Assets').getByTestId('service-price').textContent()).toBe('$440');
    expect(await card('Album Mix').getByTestId('service-price').textContent()).toBe('$2,200');
    expect(await card('Dialogue Clean-Up').getByTestId('service-price').textContent()).toBe('$167');
    const songMix = card('Song Mix');
    expect(await songMix.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await songMix.getByRole('button', { name: 'Purchase Song Mix' }).isVisible()).toBe(true);
    await b.screenshot(page, 'landing-services-1440');

    // Closing the outer panel hides everything inside it.
    await panel.click();
    expect(await panel.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => services.locator('article:visible').count()).toBe(0);
    await expect.poll(() => categoryToggle(services, 'Sound Design').isVisible()).toBe(false);
    await page.context().close();
  });

  it('shows the 18 cards from the catalog when /api/services fails, and Purchase still works', async () => {
    const page = await b.page(1440, 900);
    let failed = 0;
    await page.route('**/api/services', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable', code: 'INTERNAL' } }),
    );
    page.on('requestfinished', (req) => {
      if (new URL(req.url()).pathname === '/api/services') failed += 1;
    });
    await openLanding(page);
    // The query tries twice (one retry after about 1 s) before it reports the failure.
    await expect.poll(() => failed, { timeout: 10_000 }).toBe(2);
    await nextFrames(page);

    await expandCategories(page);
    const services = page.locator('#services');
    await expect.poll(() => services.locator('article:visible').count()).toBe(18);
    const card = (title: string) => services.getByRole('article', { name: title, exact: true });
    expect(await card('Video Game Assets').getByTestId('service-price').textContent()).toBe('$440');
    expect(await card('Album Mix').getByTestId('service-price').textContent()).toBe('$2,200');

    await page.getByRole('button', { name: 'Purchase Song Mix' }).click();
    const dialog = submitDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('Song Mix');
    await page.context().close();
  });

  it('Purchase opens the Submit Project form with that service selected', async () => {
    const page = await b.page(390, 844);
    await openLanding(page);
    await expandCategories(page);
    await page.getByRole('button', { name: 'Purchase Film Audio Post (≤1 hour)' }).click();
    const dialog = submitDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Service' }).inputValue()).toBe(
      'Film Audio Post (≤1 hour)',
    );
    await noHorizontalScroll(page);
    await b.screenshot(page, 'landing-submit-modal-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('');
    await page.context().close();
  });
});

describe('landing page: Submit Project form', () => {
  it('checks the fields in the spec order, then sends the files resumably and the project', async () => {
    const page = await b.page(1440, 900);
    await openLanding(page);
    await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
    const dialog = submitDialog(page);
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit Project' });

    const expectOnly = async (step: number) => {
      await submit.click();
      await toast(page, PROJECT_CHECKS[step] ?? '')
        .first()
        .waitFor();
      // No later check has fired before this one.
      for (const later of PROJECT_CHECKS.slice(step + 1)) {
        expect(await toast(page, later).count(), later).toBe(0);
      }
    };
    await expectOnly(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Robin Reed');
    await expectOnly(1);
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await email.fill('robin@example');
    await expectOnly(2);
    const address = `robin-${randomUUID().slice(0, 8)}@example.com`;
    await email.fill(address);
    await expectOnly(3);
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: 'Song Master', exact: true }).click();
    await expectOnly(4);
    const notes = dialog.getByRole('textbox', { name: 'Project details' });
    await notes.fill('   short     ');
    await expectOnly(5);

    // 21 files: refused with the spec's text, none kept.
    const files = dialog.locator('input[type="file"]');
    await files.setInputFiles(
      Array.from({ length: 21 }, (_, i) => ({
        name: `take-${i}.wav`,
        mimeType: 'audio/wav',
        buffer: makeWav(),
      })),
    );
    await toast(page, 'Maximum 20 files allowed').waitFor();
    expect(await dialog.getByText(/files?, .* in total/).count()).toBe(0);

    await notes.fill('Master the single for streaming, -14 LUFS, warm low end.');
    await dialog.getByRole('textbox', { name: 'Timeline' }).fill('Two weeks');
    await files.setInputFiles([{ name: 'mix-v3.wav', mimeType: 'audio/wav', buffer: makeWav() }]);
    await dialog.getByText('1 file, 1 KB in total').waitFor();

    // The file goes over tus (decision 030), then the project names its upload.
    const sent = page.waitForRequest(
      (req) => req.url().endsWith('/api/projects/submit-uploads') && req.method() === 'POST',
    );
    await submit.click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'name',
      'email',
      'service',
      'notes',
      'timeline',
      'budget',
      'draftToken',
      'uploadIds',
    ]);
    expect(body.uploadIds).toHaveLength(1);

    await toast(page, "Project submitted successfully! We'll review it").waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const { token } = await signInAdmin();
    const listed = await apiCall<{
      submissions: { email: string; service: string; fileCount: number }[];
    }>('GET', `/admin/submissions?q=${encodeURIComponent(address)}`, undefined, token);
    expect(listed.submissions).toMatchObject([
      { email: address, service: 'Song Master', fileCount: 1 },
    ]);
    await page.context().close();
  });

  it.each([
    [
      'a JSON error',
      { status: 429, json: { message: 'Too many submissions from this address.' } },
      'Too many submissions from this address.',
    ],
    [
      'a non-JSON error',
      { status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' },
      'Server error (502): Bad Gateway',
    ],
  ])('on %s shows the reason and keeps the form', async (_, reply, reason) => {
    const page = await b.page(1440, 900);
    await page.route('**/api/projects/submit-uploads', (route) => route.fulfill(reply));
    await openLanding(page);
    await expandCategories(page);
    await page.getByRole('button', { name: 'Purchase Song Mix' }).click();
    const dialog = submitDialog(page);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Robin Reed');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
    await dialog
      .getByRole('textbox', { name: 'Project details' })
      .fill('Mix of one song, 24 stems.');
    await dialog.getByRole('button', { name: 'Submit Project' }).click();
    const failed = toast(page, 'Failed to submit project. Please try again.');
    await failed.waitFor();
    expect(await failed.textContent()).toContain(reason);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Robin Reed');
    await page.context().close();
  });

  it('Escape closes the form, and reopening shows it cleared', async () => {
    const page = await b.page(1440, 900);
    await openLanding(page);
    await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
    const dialog = submitDialog(page);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Robin Reed');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
    await dialog.getByRole('textbox', { name: 'Project details' }).fill('Some notes here.');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'a.wav', mimeType: 'audio/wav', buffer: makeWav() }]);
    await dialog.getByText('1 file, 1 KB in total').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
    await dialog.waitFor();
    for (const name of ['Name', 'Email', 'Project details']) {
      expect(await dialog.getByRole('textbox', { name }).inputValue(), name).toBe('');
    }
    expect(await dialog.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('');
    expect(await dialog.getByText(/in total/).count()).toBe(0);
    expect(await dialog.getByText('Choose files').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('landing page: windows loaded on demand', () => {
  it.each([
    ['the events window', '**/assets/events-modal-*.js', 'View Events', 'Upcoming Events'],
    [
      'the Submit Project form',
      '**/assets/submit-project-modal-*.js',
      'Submit Project & Pay',
      'Submit Your Project',
    ],
  ])(
    'keeps the page when %s fails to download, and opens it on the next click',
    async (_, chunk, button, dialogName) => {
      const page = await b.page(1440, 900);
      await openLanding(page);
      let blocked = 0;
      await page.route(chunk, (route) => {
        blocked += 1;
        return route.abort('internetdisconnected');
      });
      const opener = page.getByRole('button', { name: button });
      const dialog = page.getByRole('dialog', { name: dialogName });

      await opener.click();
      const failed = toast(
        page,
        'Could not open this window. Check your connection and try again.',
      );
      await failed.waitFor();
      expect(blocked).toBeGreaterThanOrEqual(1);
      expect(await dialog.count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Studio');
      expect(await opener.isVisible()).toBe(true);

      // Back online: the next click downloads the window again and opens it.
      await page.unroute(chunk);
      await opener.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    },
  );
});

describe('landing page: layout and accessibility', () => {
  it('has the sections by anchor, external campaign links and no horizontal scroll at 360 px', async () => {
    const page = await b.page(360, 740);
    await openLanding(page);
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('main#main > section[id], main#main section[id]')].map(
        (s) => s.id,
      ),
    );
    for (const id of ['hero', 'services', 'shop', 'contact', 'campaigns']) {
      expect(ids).toContain(id);
    }
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Studio');

    const campaigns = page.locator('#campaigns');
    const links = campaigns.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    for (const link of await links.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(await campaigns.getByRole('link', { name: /Kickstarter/ }).count()).toBe(1);
    expect(await campaigns.getByRole('link', { name: /Patreon/ }).count()).toBe(1);

    await noHorizontalScroll(page);
    await expandCategories(page);
    await noHorizontalScroll(page);
    await page.context().close();
  });

  it('has no serious or critical axe violations, with the modals closed and open', async () => {
    const page = await b.page(1440, 900);
    await openLanding(page);
    // Its own event, so the events list is checked with an item in it.
    const title = await createUpcomingEvent(page);
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await expandCategories(page);
    await panelsSettled(page, '#services');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Purchase Song Mix' }).click();
    await submitDialog(page).waitFor();
    await modalSettled(page, submitDialog(page));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await submitDialog(page).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'View Events' }).click();
    const events = page.getByRole('dialog', { name: 'Upcoming Events' });
    await events.getByRole('listitem').filter({ hasText: title }).waitFor();
    await modalSettled(page, events);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    [390, 844],
    [1440, 900],
  ])('screenshots at %i px wide', async (width, height) => {
    const page = await b.page(width, height);
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    // Let the typing show a few characters.
    await page.waitForTimeout(600);
    await b.screenshot(page, `landing-${width}`);
    await expandCategories(page);
    await page.getByRole('button', { name: 'Submit Project & Pay' }).scrollIntoViewIfNeeded();
    await b.screenshot(page, `landing-services-open-${width}`);
    await noHorizontalScroll(page);
    await page.context().close();
  });
});
