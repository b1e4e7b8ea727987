import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
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

  it('gives each operation a unique id, a tag that is a route file, and its refusals', () => {
    const ops = documented().map((d) => d.op);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const op of ops) {
      expect(op.tags.every((tag) => tags.has(tag))).toBe(true);
      expect(op.responses.default).toEqual({ $ref: '#/components/responses/Refused' });
    }
  });

  it('describes a successful answer of every route (answers() in its chain)', () => {
    const undeclared = documented()
      .filter(({ op }) => !Object.keys(op.responses).some((status) => /^2\d\d$/.test(status)))
      .map(({ key }) => key);
    expect(undeclared).toEqual([]);
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes the answers a route declares: JSON from its zod schema, files by media type', () => {
    const op = (key: string) => documented().find((d) => d.key === key)?.op;
    expect(op('GET /api/admin/orders')?.responses['200']).toMatchObject({
      description: expect.any(String),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              orders: { type: 'array', items: { $ref: '#/components/schemas/Order' } },
              total: { type: 'integer' },
            },
            additionalProperties: false,
          },
        },
      },
    });
    expect(doc.components.schemas.Order).toMatchObject({
      properties: { createdAt: { type: 'string', format: 'date-time' } },
    });
    const refunds = op('POST /api/admin/orders/:id/refunds')?.responses;
    expect(Object.keys(refunds ?? {})).toEqual(expect.arrayContaining(['201', '202']));
    expect(op('GET /api/admin/orders/:id/invoice.pdf')?.responses['200']).toEqual({
      description: expect.any(String),
      content: {
        'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
      },
    });
  });

  it('gives a client generated from it (openapi-typescript) types that compile', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-openapi-client-'));
    writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(JSON.stringify(doc))));
    writeFileSync(path.join(dir, 'use.ts'), clientUse);
    const program = ts.createProgram([path.join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      skipLibCheck: false,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
    // A whole TypeScript program is compiled: about 10 s alone, more on a loaded 2-core machine.
  }, 90_000);

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

/**
 * A program written against the generated client's types: a few admin operations' answers and
 * parameters, and a field no answer has, which must not compile.
 */
const clientUse = `import type { paths } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Orders = Json<paths['/api/admin/orders']['get']['responses'][200]>;
type Refund = Json<paths['/api/admin/orders/{id}/refunds']['post']['responses'][201]>;
type Query = NonNullable<paths['/api/admin/orders']['get']['parameters']['query']>;

export const empty: Orders = { orders: [], total: 0, page: 1, pageSize: 20 };
export const numberOf = (page: Orders): string | undefined => page.orders[0]?.orderNumber;
export const statusOf = (made: Refund): 'pending' | 'completed' | 'failed' => made.refund.status;
export const query: Query = { status: 'paid', page: 2 };
// @ts-expect-error: no answer has this field
export const wrong = (page: Orders) => page.orders[0]?.orderNo;
`;

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
