import { appendFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RouterRoute } from 'hono/types';
import { afterAll, afterEach, inject } from 'vitest';
import { type OpenApiDocument, openApiDocument, type Response } from '../openapi/document.ts';
import { accessFiles } from '../routes/access.ts';

// ajv-formats is CommonJS: its function is the default export's default under Node's ESM.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default;

/**
 * The contract check of the API tests: every answer a test gets from the app is held against the
 * app's own OpenAPI document (GET /api/openapi.json), so a field renamed in a handler but not in
 * the zod schema its route declares with `answers()` fails the test that met it. A successful
 * JSON answer must match its route's schema for that status, a refusal the Error schema, and any
 * other successful body the media type its route declares. A route that declares no answers yet
 * has only its refusals checked.
 */

/** An answer that is not what the document says. */
export class ContractError extends Error {
  override name = 'ContractError';
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  /** Path parameters: the fewer, the more specific (`/x/featured` before `/x/{id}`). */
  params: number;
  responses: OpenApiDocument['paths'][string][string]['responses'];
}

interface Contract {
  routes: Route[];
  validator: (key: string, schema: unknown) => ValidateFunction;
  error: ValidateFunction;
}

/** What this test file's checks saw; summed over the run by test/contract-count.ts. */
export const contractCounts = { json2xx: 0, jsonErrors: 0, otherBodies: 0 };
/** Answers of served apps (`listen()`) that failed the check, failed in the test that got them. */
const servedMismatches: string[] = [];

const contracts = new Map<string, Contract>();
const byRoutes = new WeakMap<readonly RouterRoute[], Contract>();

function contractOf(routes: readonly RouterRoute[]): Contract {
  let contract = byRoutes.get(routes);
  if (!contract) {
    contract = contractFrom(openApiDocument(routes, accessFiles));
    byRoutes.set(routes, contract);
  }
  return contract;
}

/** The checks a document makes, compiled once per worker for each distinct document. */
function contractFrom(doc: OpenApiDocument): Contract {
  const text = JSON.stringify(doc);
  const known = contracts.get(text);
  if (known) return known;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const components = { schemas: doc.components.schemas };
  const compiled = new Map<string, ValidateFunction>();
  // Each schema is compiled with the document's components beside it, where its $refs point.
  const validator = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ ...(schema as object), components });
      compiled.set(key, validate);
    }
    return validate;
  };
  const contract = {
    routes: Object.entries(doc.paths)
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, op]) => {
          const source = template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+');
          return {
            method: method.toUpperCase(),
            template,
            pattern: new RegExp(`^${source}$`),
            params: (template.match(/\{/g) ?? []).length,
            responses: op.responses,
          };
        }),
      )
      .sort((a, b) => a.params - b.params),
    validator,
    error: validator('#Error', { $ref: '#/components/schemas/Error' }),
  };
  contracts.set(text, contract);
  return contract;
}

function explain(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((e) => {
      const where = e.instancePath || '(the body)';
      const extra = e.keyword === 'additionalProperties' ? ` (${e.params.additionalProperty})` : '';
      return `${where} ${e.message}${extra}`;
    })
    .join('; ');
}

const isJson = (type: string | null) => /^application\/([\w.-]+\+)?json\b/i.test(type ?? '');

/** Checks one answer against the document; a mismatch throws a ContractError saying why. */
async function check(
  contract: Contract,
  request: { method: string; url: string },
  response: globalThis.Response,
  /** Whether the body was decoded already (a real fetch undoes Content-Encoding). */
  decoded = false,
) {
  const method = request.method.toUpperCase();
  if (method === 'HEAD' || method === 'OPTIONS' || response.status < 200) return;
  const { pathname } = new URL(request.url);
  const route = contract.routes.find((r) => r.method === method && r.pattern.test(pathname));
  const type = response.headers.get('content-type');
  const operation = `${method} ${route?.template ?? pathname}`;
  const fail = (why: string) => {
    throw new ContractError(`Contract: ${operation} answered ${response.status}: ${why}`);
  };
  if (response.status >= 300 && response.status < 400) return;
  if (response.status >= 400) {
    if (!isJson(type)) return;
    const body = await jsonOf(response, decoded, fail);
    if (!contract.error(body)) fail(`not the Error body: ${explain(contract.error.errors)}`);
    contractCounts.jsonErrors += 1;
    return;
  }
  if (!route) return;
  const successes = Object.keys(route.responses).filter((status) => /^2\d\d$/.test(status));
  if (successes.length === 0) fail('its route declares no answer (answers() in its chain)');
  const declared = route.responses[String(response.status)] as Response | undefined;
  if (!declared) fail(`its route declares only ${successes.join(', ')}`);
  const [mediaType, content] = Object.entries(declared?.content ?? {})[0] ?? [];
  if (!mediaType || !content) {
    if (response.body && (await response.clone().arrayBuffer()).byteLength > 0)
      fail('a body, where its route declares none');
    contractCounts.otherBodies += 1;
    return;
  }
  if (mediaType === 'application/json') {
    if (!isJson(type)) fail(`${type}, where its route declares JSON`);
    const body = await jsonOf(response, decoded, fail);
    const validate = contract.validator(`${operation} ${response.status}`, content.schema);
    if (!validate(body)) fail(`not as its schema says: ${explain(validate.errors)}`);
    contractCounts.json2xx += 1;
    return;
  }
  // A range (`*/*`, `image/*`) takes any type it covers.
  const [range = '', subtype = ''] = mediaType.toLowerCase().split('/');
  const [kind = '', rest = ''] = (type ?? '').toLowerCase().split(/[/;]/);
  if (!type || (range !== '*' && range !== kind) || (subtype !== '*' && subtype !== rest.trim()))
    fail(`${type}, where its route declares ${mediaType}`);
  contractCounts.otherBodies += 1;
}

/** The app's compression (middleware/compress.ts) undone, as a client's fetch undoes it. */
const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

async function jsonOf(
  response: globalThis.Response,
  decoded: boolean,
  fail: (why: string) => never,
) {
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const decode = decoded ? undefined : decoders[response.headers.get('content-encoding') ?? ''];
  const text = (decode ? decode(bytes) : bytes).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(`a JSON content type with a body that is not JSON: ${text.slice(0, 80)}`);
  }
}

interface Checkable {
  routes: readonly RouterRoute[];
  request: (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => unknown;
  fetch: (request: Request, ...rest: never[]) => unknown;
}

/**
 * The app with its answers checked: `request` (the typed client's and `t.request`'s way in)
 * throws a ContractError into the test's call; `fetch` (what `listen()` serves) lets the answer
 * through and fails the test when it ends, since the server cannot throw into the test.
 */
export function withContract<A extends Checkable>(app: A): A {
  const request = async (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => {
    const response = (await app.request(input, init, ...rest)) as globalThis.Response;
    const asked =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
    const method = init?.method ?? asked.method;
    await check(contractOf(app.routes), { method, url: asked.url }, response);
    return response;
  };
  const fetch = async (req: Request, ...rest: never[]) => {
    const response = (await app.fetch(req, ...rest)) as globalThis.Response;
    // Sent by the server itself (middleware/send-directly.ts): its headers and bytes are gone
    // out already; the same answer made in process (`request`) is checked.
    if (response.headers.has('x-hono-already-sent')) return response;
    await check(contractOf(app.routes), req, response).catch((error: unknown) => {
      servedMismatches.push(error instanceof Error ? error.message : String(error));
    });
    return response;
  };
  return new Proxy(app, {
    get(target, property, receiver) {
      if (property === 'request') return request;
      if (property === 'fetch') return fetch;
      return Reflect.get(target, property, receiver);
    },
  });
}

/** API processes' origins, each with its document once read (on its first checked answer). */
const watched = new Map<string, Promise<Contract | undefined> | undefined>();
let unchecked: typeof fetch | undefined;

/**
 * Checks what the test's own `fetch` calls get from an API process it started at `origin`
 * (test/process.ts) against the process's document (its GET /api/openapi.json, read at the
 * first answer, so a process is not made to build it sooner); a mismatch throws into the call.
 * Other origins (peers, stand-ins) pass untouched.
 */
export function checkAnswersFrom(origin: string) {
  watched.set(new URL(origin).origin, undefined);
  if (unchecked) return;
  const fetchOf = globalThis.fetch;
  unchecked = fetchOf;
  globalThis.fetch = async (input, init) => {
    const response = await fetchOf(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const at = URL.parse(url)?.origin ?? '';
    if (!watched.has(at)) return response;
    let document = watched.get(at);
    if (!document) {
      document = fetchOf(`${at}/api/openapi.json`)
        .then(async (res) => contractFrom((await res.json()) as OpenApiDocument))
        // A process gone before its document was read: its answers go unchecked.
        .catch(() => undefined);
      watched.set(at, document);
    }
    const contract = await document;
    if (contract) {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      await check(contract, { method, url }, response, true);
    }
    return response;
  };
}

/** The mismatches of served answers not yet reported, emptied. */
export function takeServedMismatches(): string[] {
  return servedMismatches.splice(0);
}

afterEach(() => {
  const found = takeServedMismatches();
  if (found.length) throw new ContractError(found.join('\n'));
});

afterAll(() => {
  if (unchecked) globalThis.fetch = unchecked;
  unchecked = undefined;
  watched.clear();
  const file = inject('contractCountFile');
  if (file) appendFileSync(file, `${JSON.stringify(contractCounts)}\n`);
});
