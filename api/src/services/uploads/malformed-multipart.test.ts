import http from 'node:http';
import { limits } from '@studio/shared/limits';
import { uploadMessages as u } from '@studio/shared/messages/uploads';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { emailBlasts } from '../../db/schema/email-blasts.ts';
import { events } from '../../db/schema/events.ts';
import { projectSubmissions, submissionFiles } from '../../db/schema/project-submissions.ts';
import { signInAdmin } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testJpeg } from '../../test/images.ts';
import { wavHead } from '../../test/multipart.ts';
import { createProduct } from '../../test/products.ts';
import { maxRequestBytes } from './receive-multipart.ts';

let t: TestApp;
let base: string;
let token: string;
let productId: string;
let eventId: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ SUBMISSION_RATE_LIMIT_PER_HOUR: '1000' });
  base = await t.listen();
  token = (await signInAdmin(t.db)).token;
  productId = (await createProduct(t.db, { images: [] })).id;
  const [event] = await t.db.select({ id: events.id }).from(events).limit(1);
  if (!event) throw new Error('the seed has no event');
  eventId = event.id;
  jpeg = await testJpeg();
});

interface Route {
  name: string;
  method: 'POST' | 'PUT';
  path: () => string;
  /** Valid text fields of the form. */
  fields: () => Record<string, string>;
  /** A field of it that a test fills with a NUL. */
  textField: string;
  file: { field: string; filename: string; head: () => Buffer };
}

const routes: Route[] = [
  {
    name: 'project submit',
    method: 'POST',
    path: () => t.client.api.projects.submit.$path(),
    fields: () => ({
      name: 'Nina Simone',
      email: 'nina@example.com',
      service: 'Song Mix',
      notes: 'Two songs, stems attached, rough mixes for reference.',
      timeline: '2 weeks',
      budget: '$500',
    }),
    textField: 'name',
    file: { field: 'files', filename: 'verse.wav', head: wavHead },
  },
  {
    name: 'product image',
    method: 'POST',
    path: () => t.client.api.admin.products[':id'].images.$path({ param: { id: productId } }),
    fields: () => ({ alt: 'Front view' }),
    textField: 'alt',
    file: { field: 'image', filename: 'photo.jpg', head: () => jpeg },
  },
  {
    name: 'event create',
    method: 'POST',
    path: () => t.client.api.events.admin.$path(),
    fields: () => ({
      title: 'Listening Session',
      description: 'An evening of new mixes on the big monitors.',
      date: '2031-05-17T19:30',
      location: 'Main Studio',
    }),
    textField: 'title',
    file: { field: 'flyer', filename: 'flyer.jpg', head: () => jpeg },
  },
  {
    name: 'event update',
    method: 'PUT',
    path: () => t.client.api.events.admin[':id'].$path({ param: { id: eventId } }),
    fields: () => ({
      title: 'Listening Session',
      description: 'An evening of new mixes on the big monitors.',
      date: '2031-05-17T19:30',
      location: 'Main Studio',
    }),
    textField: 'title',
    file: { field: 'flyer', filename: 'flyer.jpg', head: () => jpeg },
  },
  {
    name: 'email blast',
    method: 'POST',
    path: () => t.client.api.events.admin['send-email-blast'].$path(),
    fields: () => ({ subject: 'New dates', emails: 'fan@example.com', message: 'Hello' }),
    textField: 'subject',
    file: { field: 'emailFlyer', filename: 'flyer.jpg', head: () => jpeg },
  },
];

const BOUNDARY = '----studioMalformed7f3a';
const type = `multipart/form-data; boundary=${BOUNDARY}`;

function fieldPart(name: string, value: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
}
function fileHead(route: Route): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.file.field}"; filename="${route.file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
}
const fieldsOf = (values: Record<string, string>) =>
  Buffer.concat(Object.entries(values).map(([k, v]) => fieldPart(k, v)));
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON an endpoint answers
  body: any;
}

/**
 * Sends `chunks` over real HTTP. With `contentLength` that length is declared whatever is sent;
 * `chunked` sends no length; `hold` keeps the request open after the chunks (the rest of a
 * declared body never comes), so an answer can only be one given before reading it.
 */
function send(
  route: Route,
  chunks: Buffer[],
  options: { contentType?: string; contentLength?: number; chunked?: boolean; hold?: boolean } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'Content-Type': options.contentType ?? type,
  };
  if (!options.chunked) {
    headers['Content-Length'] = String(
      options.contentLength ?? chunks.reduce((sum, c) => sum + c.length, 0),
    );
  }
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${route.path()}`, { method: route.method, headers });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => {
        req.destroy();
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
        }
      });
    });
    // The server may close the connection on a body it did not read whole.
    req.on('error', () => {});
    (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      }
      if (!options.hold) req.end();
    })().catch(reject);
  });
}

async function snapshot() {
  const n = async (table: Parameters<ReturnType<typeof t.db.select>['from']>[0]) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const product = await t.db.query.products.findFirst({
    where: (p, { eq }) => eq(p.id, productId),
  });
  return {
    submissions: await n(projectSubmissions),
    submissionFiles: await n(submissionFiles),
    events: await n(events),
    blasts: await n(emailBlasts),
    audit: await n(auditLog),
    productImages: product?.images.length ?? -1,
    files: await t.storedFiles(),
  };
}

/** Nothing written: no row, no file, no `.part` (a partial file goes as its stream closes). */
async function expectNothingWritten(before: Awaited<ReturnType<typeof snapshot>>) {
  for (let i = 0; i < 40 && (await t.storedFiles()).join() !== before.files.join(); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await snapshot()).toEqual(before);
}

describe.each(routes)('malformed multipart to $name', (route) => {
  it('answers 400 for a multipart type with no boundary', async () => {
    const before = await snapshot();
    const body = Buffer.concat([fieldsOf(route.fields()), closing]);
    const res = await send(route, [body], { contentType: 'multipart/form-data' });
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: u.noBoundary } });
    await expectNothingWritten(before);
  });

  it('answers 400 for an empty boundary', async () => {
    const before = await snapshot();
    const res = await send(route, [closing], { contentType: 'multipart/form-data; boundary=' });
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: u.malformed } });
    await expectNothingWritten(before);
  });

  it('answers 400 for a part header with no colon, after a file part began', async () => {
    const before = await snapshot();
    const body = Buffer.concat([
      fieldsOf(route.fields()),
      fileHead(route),
      route.file.head(),
      Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition form-data name\r\n\r\nx\r\n`),
      closing,
    ]);
    const res = await send(route, [body]);
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: u.malformed } });
    await expectNothingWritten(before);
  });

  it('answers 400 for a part header over 16 KB', async () => {
    const before = await snapshot();
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"; x="${'x'.repeat(20_000)}"\r\n\r\nv\r\n`,
      ),
      closing,
    ]);
    const res = await send(route, [body]);
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: u.malformed } });
    await expectNothingWritten(before);
  });

  it('answers 400 for a body that ends in the middle of a file, leaving no .part', async () => {
    const before = await snapshot();
    // 1 MB of the file arrives and is written, then the body (whole by its Content-Length)
    // ends with no closing boundary.
    const head = route.file.head();
    const body = Buffer.concat([
      fieldsOf(route.fields()),
      fileHead(route),
      head,
      Buffer.alloc(1024 * 1024 - head.length, 7),
    ]);
    const res = await send(route, [body]);
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: u.truncated } });
    await expectNothingWritten(before);
  });

  it('answers 400 for a body that ends inside the part headers', async () => {
    const before = await snapshot();
    const body = Buffer.concat([
      fieldsOf(route.fields()),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
    ]);
    const res = await send(route, [body]);
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: u.truncated } });
    await expectNothingWritten(before);
  });

  it('answers 400 for a NUL in a text field, and stores no file', async () => {
    const before = await snapshot();
    const fields = { ...route.fields(), [route.textField]: 'Front\u0000view' };
    const body = Buffer.concat([
      fieldsOf(fields),
      fileHead(route),
      route.file.head(),
      Buffer.from('\r\n'),
      closing,
    ]);
    const res = await send(route, [body]);
    expect(res.status).toBe(400);
    expect(res.body.code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/);
    await expectNothingWritten(before);
  });

  it('answers 413 at once to a declared Content-Length beyond the form, reading none of it', async () => {
    const before = await snapshot();
    const declared = maxRequestBytes(limitsOf(route)) + 1;
    const started = Date.now();
    // Only the fields are sent; the answer comes while the server waits for nothing more.
    const res = await send(route, [fieldsOf(route.fields())], {
      contentLength: declared,
      hold: true,
    });
    expect(res).toEqual({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: u.requestTooLarge },
    });
    expect(Date.now() - started).toBeLessThan(5000);
    await expectNothingWritten(before);
  });
});

/** The limits each route gives receiveMultipart (see its service). */
function limitsOf(route: Route) {
  if (route.name === 'project submit')
    return { maxFiles: limits.maxFiles, maxFileBytes: limits.maxFileBytes };
  if (route.name === 'email blast')
    return { maxFiles: 1, maxFileBytes: limits.maxImageBytes + 1, maxFieldBytes: 1_048_576 };
  return { maxFiles: 1, maxFileBytes: limits.maxImageBytes + 1 };
}

describe('request size limits', () => {
  it('refuses 9,000,000,000 declared bytes to project submit: over 20 x 400 MB and its framing', async () => {
    expect(maxRequestBytes(limitsOf(routes[0] as Route))).toBe(8_393_168_896);
    expect(maxRequestBytes(limitsOf(routes[0] as Route))).toBeGreaterThan(20 * 419_430_400);
    const res = await send(routes[0] as Route, [fieldsOf({ name: 'x' })], {
      contentLength: 9_000_000_000,
      hold: true,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(u.requestTooLarge);
  });

  it('stops a chunked body (no Content-Length) once it grows past the form, and stores nothing', async () => {
    const route = routes[1] as Route;
    const cap = maxRequestBytes(limitsOf(route));
    expect(cap).toBe(9_473_025);
    const before = await snapshot();
    // A preamble, which the parser skips, of 10 MB: only the byte count can stop it.
    const junk = Buffer.alloc(256 * 1024, 0x61);
    const chunks = Array.from({ length: 40 }, () => junk);
    const res = await send(route, [...chunks, fieldsOf(route.fields()), closing], {
      chunked: true,
      hold: true,
    });
    expect(res).toEqual({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: u.requestTooLarge },
    });
    await expectNothingWritten(before);
  });

  it('still takes a chunked upload within the limits', async () => {
    const route = routes[1] as Route;
    const res = await send(
      route,
      [fieldsOf(route.fields()), fileHead(route), jpeg, Buffer.from('\r\n'), closing],
      { chunked: true },
    );
    expect(res.status).toBe(201);
    expect(res.body.product.images).toHaveLength(1);
  });
});
