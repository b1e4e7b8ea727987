import { beforeAll, describe, expect, it } from 'vitest';
import { audienceOf } from '../openapi/access-row.ts';
import type { OpenApiDocument } from '../openapi/document.ts';
import { multipartForms } from '../openapi/multipart-forms.ts';
import { apiEndpoints } from '../openapi/route-table.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { accessRows } from './access.ts';

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await read(t.client.api['openapi.json'].$get());
  expect(res.status).toBe(200);
  doc = res.body;
});

/** The document's operations as the route table spells them: `GET /api/products/:id`. */
function documented() {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      op,
    })),
  );
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, served as a public, cacheable JSON read', async () => {
    expect(doc).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Studio API', version: expect.any(String) },
      paths: expect.any(Object),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    });
    const res = await t.client.api['openapi.json'].$get();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('lists every route of the app’s route table, and nothing else', () => {
    const table = apiEndpoints(t.app.routes).map((e) => e.key);
    expect(table.length).toBeGreaterThan(50);
    expect(
      documented()
        .map((d) => d.key)
        .sort(),
    ).toEqual([...table].sort());
  });

  it('gives each operation a unique id, a tag that is a route file, and answers', () => {
    const ops = documented().map((d) => d.op);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const op of ops) {
      expect(op.tags.every((tag) => tags.has(tag))).toBe(true);
      expect(op.responses['2XX']).toBeDefined();
    }
  });

  it('asks for the bearer token where the access rows do, and says 401 and 403', () => {
    const byKey = new Map(documented().map((d) => [d.key, d.op]));
    for (const row of accessRows) {
      const op = byKey.get(row.route);
      const audience = audienceOf(row);
      expect(op?.security, row.route).toEqual(audience === 'public' ? undefined : [{ bearer: [] }]);
      expect(op?.responses['401'] !== undefined, row.route).toBe(audience !== 'public');
      expect(op?.responses['403'] !== undefined, row.route).toBe(audience === 'admin');
    }
  });

  it('describes bodies and query parameters from the validators’ zod schemas', () => {
    const op = (key: string) => documented().find((d) => d.key === key)?.op;
    const register = op('POST /api/auth/register')?.requestBody?.content['application/json'];
    expect(register?.schema).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string' }, password: { type: 'string' } },
      required: expect.arrayContaining(['firstName', 'lastName', 'email', 'password']),
    });
    expect(op('GET /api/products')?.parameters).toContainEqual({
      name: 'category',
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['book', 'apparel', 'digital'] },
    });
    expect(op('GET /api/products/:id')?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(op('GET /api/health')?.requestBody).toBeUndefined();
  });

  it('describes the multipart forms, with their text fields and files', () => {
    for (const key of Object.keys(multipartForms)) {
      const body = documented().find((d) => d.key === key)?.op.requestBody;
      expect(Object.keys(body?.content ?? {}), key).toEqual(['multipart/form-data']);
    }
    const event = documented().find((d) => d.key === 'POST /api/events/admin')?.op;
    expect(event?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      properties: { title: { type: 'string' }, flyer: { type: 'string' } },
      required: expect.arrayContaining(['title', 'description', 'date', 'flyer']),
    });
  });

  it('refers only to components it defines', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const [, kind = '', name = ''] = ref.match(/"#\/components\/(\w+)\/(\w+)"/) ?? [];
      expect(doc.components[kind as 'schemas' | 'responses']?.[name], ref).toBeDefined();
    }
  });
});

describe('GET /api/docs', () => {
  it('is a readable page of every operation, escaped, with no script', async () => {
    const res = await t.client.api.docs.$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    for (const { key } of documented()) {
      const [method = '', path = ''] = key.split(' ');
      expect(html).toContain(`${method}</span> <code>${path.replace(/:(\w+)/g, '{$1}')}</code>`);
    }
    // Text from the schemas is escaped: the patterns' `<`/`>` never open a tag.
    expect(html).toContain('href="openapi.json"');
    expect(html).not.toMatch(
      /<(?!\/?(html|head|meta|title|style|body|main|h[123]|p|small|pre|nav|a|section|article|span|code|table|tr|th|td|div|details|summary)\b|!doctype)/i,
    );
  });
});
