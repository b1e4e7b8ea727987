import http from 'node:http';
import { eventMessages as m } from '@studio/shared/messages/events';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { events } from '../db/schema/events.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { testJpeg } from '../test/images.ts';
import { exeHead, type FilePart, multipartBody } from '../test/multipart.ts';

const MB5 = 5_242_880;
let t: TestApp;
let base: string;
let admin: { token: string; id: string };
let customerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  const signedIn = await signInAdmin(t.db);
  admin = { token: signedIn.token, id: signedIn.user.id };
  customerToken = (await signUpCustomer(t)).token;
});

/** What a JFIF file starts with. */
const jpegHead = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);
const pngHead = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

/** A real 800x600 JPEG (flyers are resized, so they must decode); padded to `size` bytes. */
const photo = await testJpeg();

const flyer = (size = photo.length, head = photo, filename = 'flyer.jpg'): FilePart => ({
  filename,
  head,
  size,
  field: 'flyer',
  contentType: 'image/jpeg',
});

let n = 0;
/** A valid form; an override of `undefined` leaves the field out. */
function form(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  n += 1;
  const all: Record<string, string | undefined> = {
    title: `Listening Session ${n}`,
    description: 'An evening of new mixes on the big monitors.',
    date: '2031-05-17T19:30',
    location: 'Main Studio',
    ticketLink: 'https://tickets.example.com/listening',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON an endpoint answers
  body: any;
}

/** A multipart request over real HTTP, streamed as a browser sends it. */
function send(
  method: 'POST' | 'PUT',
  p: string,
  options: { fields?: Record<string, string>; files?: FilePart[]; token?: string | undefined },
): Promise<Answer> {
  const body = multipartBody(options.fields ?? form(), options.files ?? [flyer()]);
  const headers: Record<string, string> = { 'Content-Type': body.contentType };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method, headers });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    body.stream.pipe(req);
  });
}

const create = (fields = form(), files = [flyer()]) =>
  send('POST', t.client.api.events.admin.$path(), { fields, files, token: admin.token });

async function created(fields = form(), files = [flyer()]) {
  const res = await create(fields, files);
  expect(res.status).toBe(201);
  return res.body.event as { id: string; flyer: string; title: string; date: string };
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(events).where(eq(events.id, id));
  return row;
}

async function auditOf(id: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));
}

/** The flyer as a visitor's browser gets it. */
async function fetchFlyer(url: string) {
  const res = await t.app.request(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

/** The flyer files stored, by name, on whichever back end the app uses. */
async function flyersOnDisk(): Promise<string[]> {
  return (await t.storedKeys('flyers/')).map((key) => key.slice('flyers/'.length));
}

async function counts() {
  const [e] = await t.db.select({ n: count() }).from(events);
  const [a] = await t.db.select({ n: count() }).from(auditLog);
  return { events: e?.n ?? 0, audit: a?.n ?? 0, files: (await flyersOnDisk()).sort() };
}

async function expectNothingLeft(before: Awaited<ReturnType<typeof counts>>) {
  // A partial file is removed as its write stream closes; allow that a moment.
  for (let i = 0; i < 20 && (await flyersOnDisk()).length !== before.files.length; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await counts()).toEqual(before);
}

describe('POST /api/events/admin', () => {
  it('creates the event, stores the flyer as flyers/<uuid>.jpg (with variants) served publicly, and audits it', async () => {
    const fields = form({ title: 'Open Mic Night' });
    const res = await create(fields, [flyer(10_000)]);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Event created successfully!');
    const event = res.body.event;
    expect(event).toMatchObject({
      title: 'Open Mic Night',
      description: fields.description,
      date: '2031-05-17T19:30:00.000Z',
      location: 'Main Studio',
      ticketLink: 'https://tickets.example.com/listening',
      flyer: expect.stringMatching(/^\/api\/media\/flyers\/[0-9a-f-]{36}\.jpg$/),
    });
    expect(event._id).toBe(event.id);

    const row = await rowOf(event.id);
    expect(row?.title).toBe('Open Mic Night');
    expect(row?.date.toISOString()).toBe('2031-05-17T19:30:00.000Z');
    expect(`/api/media/${row?.flyerKey}`).toBe(event.flyer);

    const served = await fetchFlyer(event.flyer);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/jpeg');
    // Re-encoded at its own size (never upscaled), not the upload's bytes.
    expect(Buffer.from(served.bytes.subarray(0, 3))).toEqual(jpegHead.subarray(0, 3));
    expect(event.flyerImage).toMatchObject({ url: event.flyer, width: 800, height: 600 });
    expect(row?.flyerImage).toEqual(event.flyerImage);
    for (const srcset of Object.values(event.flyerImage.srcset as Record<string, string>)) {
      expect(srcset).toMatch(/ 320w, .* 640w, .* 800w$/);
    }

    const audit = await auditOf(event.id, 'event.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, entityType: 'event' });

    const list = await read(t.as(admin.token).api.events.admin.$get());
    expect(list.body.events).toContainEqual(event);
  });

  it('leaves optional location and ticket link empty as null', async () => {
    const event = await created(form({ location: undefined, ticketLink: '  ' }));
    expect(event).toMatchObject({ location: null, ticketLink: null });
  });

  // A date without a zone (the form's date or datetime-local value) is read as UTC.
  it.each([
    ['2031-05-17', '2031-05-17T00:00:00.000Z'],
    ['2031-05-17T19:30', '2031-05-17T19:30:00.000Z'],
    ['2031-05-17T19:30:45', '2031-05-17T19:30:45.000Z'],
    ['2031-05-17T19:30:00.000Z', '2031-05-17T19:30:00.000Z'],
    ['2031-05-17T19:30+02:00', '2031-05-17T17:30:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
  ])('reads the date %s as %s', async (date, iso) => {
    const event = await created(form({ date }));
    expect(event.date).toBe(iso);
    expect((await rowOf(event.id))?.date.toISOString()).toBe(iso);
  });

  it.each([
    [{ title: '' }, m.titleRequired],
    [{ title: '   ' }, m.titleRequired],
    [{ title: undefined }, m.titleRequired],
    [{ description: '' }, m.descriptionRequired],
    [{ description: undefined }, m.descriptionRequired],
    [{ date: '' }, m.dateRequired],
    [{ date: undefined }, m.dateRequired],
    [{ date: 'next friday' }, m.dateInvalid],
    [{ date: '2031-02-30' }, m.dateInvalid],
    [{ date: '2031-13-01T10:00' }, m.dateInvalid],
    [{ ticketLink: 'tickets please' }, m.ticketLinkInvalid],
    [{ ticketLink: 'ftp://tickets.example.com/x' }, m.ticketLinkInvalid],
    [{ ticketLink: 'javascript:alert(1)' }, m.ticketLinkInvalid],
    [{ title: '', description: '', date: '' }, m.titleRequired],
  ])('%j answers 400 "%s" and leaves nothing', async (overrides, message) => {
    const before = await counts();
    const res = await create(form(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(res.body.issues).toContainEqual({ path: expect.any(String), message });
    await expectNothingLeft(before);
  });

  it('lists every problem of the form in issues', async () => {
    const res = await create(form({ title: '', date: 'soon', ticketLink: 'nope' }));
    expect(res.body.issues).toEqual([
      { path: 'title', message: m.titleRequired },
      { path: 'date', message: m.dateInvalid },
      { path: 'ticketLink', message: m.ticketLinkInvalid },
    ]);
  });

  it('requires a flyer on create', async () => {
    const before = await counts();
    const res = await create(form(), []);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: m.flyerRequired });
    expect(m.flyerRequired).toBe('Event flyer is required');
    await expectNothingLeft(before);
  });

  it.each([
    ['a PNG named .jpg and sent as image/jpeg', flyer(4096, pngHead, 'flyer.jpg')],
    ['a program', flyer(4096, exeHead, 'flyer.jpg')],
    ['a PDF', flyer(4096, Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'flyer.pdf')],
    ['an empty file', flyer(0)],
    // A JPEG's first bytes, cut short: it passes the first check and fails to decode.
    ['a truncated JPEG', flyer(1500)],
  ])('refuses %s by content: 415 and nothing left', async (_label, file) => {
    const before = await counts();
    const res = await create(form(), [file]);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please upload a JPEG image',
    });
    await expectNothingLeft(before);
  });

  it('refuses a JPEG of 5,242,881 bytes with 413 and leaves nothing', async () => {
    const before = await counts();
    const res = await create(form(), [flyer(MB5 + 1)]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File size must be less than 5MB',
    });
    await expectNothingLeft(before);
  });

  it('accepts a JPEG of exactly 5,242,880 bytes (at most 5 MB)', async () => {
    const event = await created(form(), [flyer(MB5)]);
    const served = await fetchFlyer(event.flyer);
    expect(served.status).toBe(200);
    expect(served.bytes.length).toBeLessThan(MB5);
  });

  it('refuses a second flyer and keeps neither', async () => {
    const before = await counts();
    const res = await create(form(), [flyer(), flyer()]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.oneFlyerOnly);
    await expectNothingLeft(before);
  });

  it('answers 415 for a JSON body', async () => {
    const res = await read(t.as(admin.token).api.events.admin.$post({ json: form() }));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: m.multipartRequired });
  });
});

describe('GET /api/events/admin', () => {
  it('lists past and upcoming events, latest date first', async () => {
    const past = await created(form({ date: '2001-01-01' }));
    const future = await created(form({ date: '2099-12-31T23:00' }));
    const res = await read(t.as(admin.token).api.events.admin.$get());
    expect(res.status).toBe(200);
    const list = res.body.events as { id: string; date: string }[];
    const ids = list.map((e) => e.id);
    expect(ids).toContain(past.id);
    expect(ids).toContain(future.id);
    expect(ids.indexOf(future.id)).toBeLessThan(ids.indexOf(past.id));
    const dates = list.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // The public list shows only upcoming events.
    const publicList = await read(t.client.api.events.$get());
    expect(publicList.body.events.map((e: { id: string }) => e.id)).not.toContain(past.id);
  });
});

describe('PUT /api/events/admin/:id', () => {
  it('updates the fields and keeps the flyer when none is sent', async () => {
    const event = await created();
    const key = (await rowOf(event.id))?.flyerKey;
    const res = await send(
      'PUT',
      t.client.api.events.admin[':id'].$path({ param: { id: event.id } }),
      {
        fields: form({ title: 'Renamed', date: '2032-01-02', location: '', ticketLink: undefined }),
        files: [],
        token: admin.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Event updated successfully!');
    expect(res.body.event).toMatchObject({
      id: event.id,
      title: 'Renamed',
      date: '2032-01-02T00:00:00.000Z',
      location: null,
      ticketLink: null,
      flyer: event.flyer,
    });
    const row = await rowOf(event.id);
    expect(row).toMatchObject({ title: 'Renamed', location: null, flyerKey: key });
    expect((await fetchFlyer(event.flyer)).status).toBe(200);
    const audit = await auditOf(event.id, 'event.update');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.id);
    expect(audit[0]?.detail.changed).toEqual(['title', 'date', 'location', 'ticketLink']);
  });

  it('replaces the flyer and removes the old file', async () => {
    const event = await created();
    const oldKey = (await rowOf(event.id))?.flyerKey ?? '';
    expect(await t.storage.exists(oldKey)).toBe(true);
    const res = await send(
      'PUT',
      t.client.api.events.admin[':id'].$path({ param: { id: event.id } }),
      {
        fields: form(),
        files: [flyer(7777)],
        token: admin.token,
      },
    );
    expect(res.status).toBe(200);
    const newKey = (await rowOf(event.id))?.flyerKey ?? '';
    expect(newKey).toMatch(/^flyers\/[0-9a-f-]{36}\.jpg$/);
    expect(newKey).not.toBe(oldKey);
    expect(res.body.event.flyer).toBe(`/api/media/${newKey}`);
    expect(await t.storage.exists(oldKey)).toBe(false);
    expect((await fetchFlyer(event.flyer)).status).toBe(404);
    expect((await flyersOnDisk()).filter((f) => f.startsWith(oldKey.slice(7, 43)))).toEqual([]);
    const served = await fetchFlyer(res.body.event.flyer);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/jpeg');
    expect((await auditOf(event.id, 'event.update'))[0]?.detail.changed).toContain('flyerKey');
  });

  it.each([
    ['an empty title', form({ title: '' }), [flyer()], 400, m.titleRequired],
    ['a bad ticket link', form({ ticketLink: 'x' }), [], 400, m.ticketLinkInvalid],
    ['a PNG flyer', form(), [flyer(4096, pngHead)], 415, m.flyerNotJpeg],
    ['a flyer over 5 MB', form(), [flyer(MB5 + 1)], 413, m.flyerTooLarge],
  ])(
    'refuses %s, keeping the event and its flyer as they were',
    async (_label, fields, files, status, message) => {
      const event = await created();
      const row = await rowOf(event.id);
      const before = await counts();
      const res = await send(
        'PUT',
        t.client.api.events.admin[':id'].$path({ param: { id: event.id } }),
        {
          fields,
          files,
          token: admin.token,
        },
      );
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      await expectNothingLeft(before);
      expect(await rowOf(event.id)).toEqual(row);
      expect((await fetchFlyer(event.flyer)).status).toBe(200);
    },
  );

  it.each([
    ['an unknown id', '7d9f7c1e-3b0a-4f3e-9a57-0f6a4a1f2b3c'],
    ['a non-uuid id', 'not-an-id'],
  ])('answers 404 for %s and stores nothing', async (_label, id) => {
    const before = await counts();
    const res = await send('PUT', t.client.api.events.admin[':id'].$path({ param: { id } }), {
      fields: form(),
      files: [flyer()],
      token: admin.token,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: m.notFound });
    await expectNothingLeft(before);
  });
});

describe('DELETE /api/events/admin/:id', () => {
  it('deletes the event and its flyer, and audits it', async () => {
    const event = await created();
    const key = (await rowOf(event.id))?.flyerKey ?? '';
    expect((await flyersOnDisk()).filter((f) => f.startsWith(key.slice(7, 43)))).toHaveLength(9);
    const res = await read(
      t.as(admin.token).api.events.admin[':id'].$delete({ param: { id: event.id } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Event deleted successfully' });
    expect(await rowOf(event.id)).toBeUndefined();
    expect(await t.storage.exists(key)).toBe(false);
    // Every variant went with it.
    expect((await flyersOnDisk()).filter((f) => f.startsWith(key.slice(7, 43)))).toEqual([]);
    expect((await fetchFlyer(event.flyer)).status).toBe(404);
    const audit = await auditOf(event.id, 'event.delete');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, detail: { title: event.title } });

    const again = await read(
      t.as(admin.token).api.events.admin[':id'].$delete({ param: { id: event.id } }),
    );
    expect(again.status).toBe(404);
  });

  it('deletes a seeded event that has no flyer', async () => {
    const [seeded] = await t.db
      .insert(events)
      .values({ title: 'No flyer', description: 'Seeded', date: new Date() })
      .returning();
    const res = await read(
      t.as(admin.token).api.events.admin[':id'].$delete({ param: { id: String(seeded?.id) } }),
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['an unknown id', '7d9f7c1e-3b0a-4f3e-9a57-0f6a4a1f2b3c'],
    ['a non-uuid id', 'not-an-id'],
  ])('answers 404 for %s', async (_label, id) => {
    const res = await read(t.as(admin.token).api.events.admin[':id'].$delete({ param: { id } }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: m.notFound });
  });
});

type Who = 'anonymous' | 'customer' | 'admin';
const tokenOf = (who: Who) =>
  who === 'admin' ? admin.token : who === 'customer' ? customerToken : undefined;

/** Each route called as `who`, on an event made for the call. */
const routes: [string, number, (who: Who) => Promise<Answer>][] = [
  ['GET /api/events/admin', 200, (who) => read(t.as(tokenOf(who)).api.events.admin.$get())],
  [
    'POST /api/events/admin',
    201,
    (who) => send('POST', t.client.api.events.admin.$path(), { token: tokenOf(who) }),
  ],
  [
    'PUT /api/events/admin/:id',
    200,
    async (who) => {
      const { id } = await created();
      return send('PUT', t.client.api.events.admin[':id'].$path({ param: { id } }), {
        token: tokenOf(who),
      });
    },
  ],
  [
    'DELETE /api/events/admin/:id',
    200,
    async (who) => {
      const { id } = await created();
      return read(t.as(tokenOf(who)).api.events.admin[':id'].$delete({ param: { id } }));
    },
  ],
];

describe.each(routes)('%s', (name, adminStatus, call) => {
  it.each([
    ['anonymous', 401, 'UNAUTHORIZED'],
    ['customer', 403, 'FORBIDDEN'],
  ] as const)('%s gets %i and changes nothing', async (who, status, code) => {
    const before = await counts();
    const res = await call(who);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe('string');
    // The PUT and DELETE calls made their own event first; nothing beyond it changed.
    const after = await counts();
    expect(after.events - before.events).toBe(name.includes(':id') ? 1 : 0);
    // An 800x600 flyer is stored as 320, 640 and 800 pixels wide, each in AVIF, WebP and JPEG.
    expect(after.files.length - before.files.length).toBe(name.includes(':id') ? 9 : 0);
  });

  it(`admin gets ${adminStatus}`, async () => {
    const res = await call('admin');
    expect(res.status).toBe(adminStatus);
  });
});
