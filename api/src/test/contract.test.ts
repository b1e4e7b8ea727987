import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { compress } from '../middleware/compress.ts';
import { answers, fits } from '../openapi/answers.ts';
import { ContractError, contractCounts, takeServedMismatches, withContract } from './contract.ts';

const thing = z.object({ name: z.string(), total: z.int() });

/** A tiny app whose routes declare `thing` and answer what each test gives them. */
function appAnswering(body: unknown, status: 200 | 201 = 200) {
  return withContract(
    new Hono()
      .use(compress)
      .get('/api/things/:id', answers({ 200: thing }), (c) => c.json(body as never, status))
      .get(
        '/api/files/:id',
        answers({ 200: { mediaType: 'text/csv', description: 'A file.' } }),
        (c) => c.body(String(body), 200, { 'Content-Type': 'application/pdf' }),
      )
      .get('/api/undeclared', (c) => c.json({ anything: true }, 200))
      .get('/api/refused', (c) => c.json(body as never, 409)),
  );
}

describe('the contract check', () => {
  it('passes an answer its schema describes, and counts it', async () => {
    const before = contractCounts.json2xx;
    const res = await appAnswering({ name: 'a', total: 1 }).request('/api/things/1');
    expect(await res.json()).toEqual({ name: 'a', total: 1 });
    expect(contractCounts.json2xx).toBe(before + 1);
  });

  it('fails a call whose answer renamed a field its schema names, saying where', async () => {
    const app = appAnswering({ title: 'a', total: 1 });
    await expect(app.request('/api/things/1')).rejects.toThrow(ContractError);
    await expect(app.request('/api/things/1')).rejects.toThrow(
      "Contract: GET /api/things/{id} answered 200: not as its schema says: (the body) must have required property 'name'; (the body) must NOT have additional properties (title)",
    );
  });

  it('fails a wrong type, a status the route does not declare, and another media type', async () => {
    await expect(appAnswering({ name: 'a', total: 1.5 }).request('/api/things/1')).rejects.toThrow(
      '/total must be integer',
    );
    await expect(
      appAnswering({ name: 'a', total: 1 }, 201).request('/api/things/1'),
    ).rejects.toThrow('answered 201: its route declares only 200');
    await expect(appAnswering('x').request('/api/files/1')).rejects.toThrow(
      'application/pdf, where its route declares text/csv',
    );
  });

  it('reads a compressed answer as a client would', async () => {
    const app = appAnswering({ name: 'a'.repeat(2000), total: 1 });
    const res = await app.request('/api/things/1', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    await expect(
      appAnswering({ title: 'a'.repeat(2000), total: 1 }).request('/api/things/1', {
        headers: { 'Accept-Encoding': 'br' },
      }),
    ).rejects.toThrow("must have required property 'name'");
  });

  it('holds a refusal to the Error body', async () => {
    const app = appAnswering({ message: 'Taken', code: 'CONFLICT' });
    expect((await app.request('/api/refused')).status).toBe(409);
    await expect(appAnswering({ error: 'Taken' }).request('/api/refused')).rejects.toThrow(
      "answered 409: not the Error body: (the body) must have required property 'message'",
    );
  });

  it('refuses a successful answer of a route that declares none', async () => {
    await expect(appAnswering(null).request('/api/undeclared')).rejects.toThrow(
      'GET /api/undeclared answered 200: its route declares no answer',
    );
  });

  it('keeps a served answer’s mismatch for the end of the test that got it', async () => {
    const res = await appAnswering({ total: 1 }).fetch(new Request('http://x/api/things/1'));
    expect(res.status).toBe(200);
    expect(takeServedMismatches()).toEqual([
      "Contract: GET /api/things/{id} answered 200: not as its schema says: (the body) must have required property 'name'",
    ]);
  });
});

describe('fits()', () => {
  it('hands the body back with its own type, which the typed client reads', () => {
    const body = { name: 'a', total: 1, at: new Date(0) } as const;
    const schema = thing.extend({ at: z.iso.datetime() });
    expectTypeOf(fits(schema, body)).toEqualTypeOf(body);
    // @ts-expect-error: a field the schema names is missing
    fits(schema, { title: 'a', total: 1, at: new Date(0) });
    expect(fits(schema, body)).toBe(body);
  });
});
