import { errorStatus } from '@studio/shared/errors';
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { validatorOf } from '../lib/validate.ts';
import { type AccessRow, audienceOf } from './access-row.ts';
import { type Answers, answersOf } from './answers.ts';
import { type MultipartForm, multipartForms } from './multipart-forms.ts';
import { apiEndpoints, type Endpoint, type EndpointKey } from './route-table.ts';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: Parameter[];
  requestBody?: {
    required: boolean;
    content: Record<string, { schema: JsonSchema }>;
  };
  security?: Record<string, string[]>[];
  responses: Record<string, Response | { $ref: string }>;
}

/** A described answer: its body by media type (none for 204 and redirects). */
export interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { description: string; content: Record<string, unknown> }>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

const audiences = {
  public: 'Anyone may call it.',
  'signed-in': 'Needs a signed-in account (customer or admin).',
  admin: 'Needs an admin account.',
} as const;

/** A zod schema as a JSON Schema of what a client sends (its input: before defaults, transforms). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

/** `POST /api/orders/:id/payment-confirm` → `postOrdersByIdPaymentConfirm`. */
function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .slice(2)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split('-'),
    );
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** `/api/products/:id` → `/api/products/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** The refusals, each answered with the Error body. */
const refusals = {
  Invalid: 'A field is missing or invalid (`issues` lists each one).',
  Unauthorized: 'Not signed in.',
  Forbidden: 'Signed in, but not as an admin.',
  NotFound: 'Nothing has this id.',
  Refused: 'Any other refusal or failure, with its code.',
};
const refusal = (name: keyof typeof refusals) => ({ $ref: `#/components/responses/${name}` });

function multipartBody(form: MultipartForm) {
  const fields = form.fields ? jsonSchemaOf(form.fields) : { properties: {}, required: [] };
  const properties: Record<string, unknown> = { ...(fields.properties as object) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const [name, file] of Object.entries(form.files)) {
    const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
    properties[name] =
      file.maxCount > 1
        ? { type: 'array', items: binary, maxItems: file.maxCount, description: file.description }
        : { ...binary, description: file.description };
    if (file.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** How an answer without a description of its own reads, by status. */
const answerTexts: Record<string, string> = {
  200: 'Done.',
  201: 'Created.',
  202: 'Accepted: it goes on in the background.',
  204: 'Done, with no body.',
  206: 'Part of the file.',
};

/**
 * A JSON answer's schema (what the server sends: zod's output). Schemas named with
 * `.meta({ id })` come out as `$defs`, which move to the document's components, so a shape
 * that several answers share (an order, a product) is described once.
 */
function answerSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const {
    $schema: _,
    $defs,
    ...json
  } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  });
  const text = (value: unknown) =>
    JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/');
  for (const [name, def] of Object.entries($defs ?? {})) {
    const described = text(def);
    const known = components[name];
    if (known && JSON.stringify(known) !== described)
      throw new Error(`Two different answer schemas are named ${name} (.meta({ id }))`);
    components[name] = JSON.parse(described);
  }
  return JSON.parse(text(json));
}

/** The successful answers a route declares with `answers()`, each with its body's description. */
function successes(
  declared: Answers,
  components: Record<string, JsonSchema>,
): Record<string, Response> {
  return Object.fromEntries(
    Object.entries(declared).map(([status, answer]) => {
      if (!answer || !('_zod' in answer)) {
        const other = answer ?? { description: answerTexts[status] ?? 'Done.' };
        const binary = { type: 'string', contentMediaType: other.mediaType };
        return [
          status,
          {
            description: other.description,
            ...(other.mediaType ? { content: { [other.mediaType]: { schema: binary } } } : {}),
          },
        ];
      }
      const schema = answerSchema(answer, components);
      return [
        status,
        {
          description: answer.description ?? answerTexts[status] ?? 'Done.',
          content: { 'application/json': { schema } },
        },
      ];
    }),
  );
}

function operation(
  endpoint: Endpoint,
  row: AccessRow | undefined,
  tag: string,
  components: Record<string, JsonSchema>,
): Operation {
  const audience = row ? audienceOf(row) : 'public';
  const validators = endpoint.handlers.flatMap((handler) => validatorOf(handler) ?? []);
  const parameters: Parameter[] = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  for (const { target, schema } of validators) {
    if (target !== 'query') continue;
    const json = jsonSchemaOf(schema);
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as JsonSchema)) {
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: property as JsonSchema,
      });
    }
  }
  const json = validators.find((v) => v.target === 'json');
  const form = multipartForms[endpoint.key as EndpointKey];
  const content: Record<string, { schema: JsonSchema }> | undefined = json
    ? { 'application/json': { schema: jsonSchemaOf(json.schema) } }
    : form
      ? { 'multipart/form-data': { schema: multipartBody(form) } }
      : undefined;
  // A route without answers() yet has only its refusals described.
  const declared = endpoint.handlers.flatMap((handler) => {
    const answers = answersOf(handler);
    return answers ? [answers] : [];
  });
  const responses: Operation['responses'] = Object.assign(
    {},
    ...declared.map((answers) => successes(answers, components)),
  );
  if (content || parameters.some((p) => p.in === 'query')) responses['400'] = refusal('Invalid');
  if (audience !== 'public') responses['401'] = refusal('Unauthorized');
  if (audience === 'admin') responses['403'] = refusal('Forbidden');
  if (endpoint.path.includes(':')) responses['404'] = refusal('NotFound');
  responses.default = refusal('Refused');
  return {
    operationId: operationId(endpoint.method, endpoint.path),
    tags: [tag],
    summary: audiences[audience],
    ...(parameters.length ? { parameters } : {}),
    ...(content ? { requestBody: { required: true, content } } : {}),
    ...(audience === 'public' ? {} : { security: [{ bearer: [] }] }),
    responses,
  };
}

/**
 * The API's OpenAPI 3.1 description, made from the app's route table: every endpoint under
 * `/api`, its path parameters, its `validate()` schemas (query parameters and JSON bodies),
 * the multipart forms of `multipart-forms.ts`, and who may call it from its access row
 * (`accessFiles`: each route file's rows by the file's name). Tags are the route files. The app
 * hands both in (app.ts), so this knows no route.
 */
export function openApiDocument(
  routes: readonly RouterRoute[],
  accessFiles: Readonly<Record<string, readonly AccessRow[]>>,
): OpenApiDocument {
  const rows = new Map<string, { row: AccessRow; file: string }>();
  for (const [file, fileRows] of Object.entries(accessFiles)) {
    for (const row of fileRows) rows.set(row.route, { row, file });
  }
  const paths: OpenApiDocument['paths'] = {};
  const answerComponents: Record<string, JsonSchema> = {};
  for (const endpoint of apiEndpoints(routes)) {
    const access = rows.get(endpoint.key);
    const path = openApiPath(endpoint.path);
    const methods = paths[path] ?? {};
    paths[path] = methods;
    methods[endpoint.method.toLowerCase()] = operation(
      endpoint,
      access?.row,
      access?.file ?? 'other',
      answerComponents,
    );
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Studio API',
      version: pkg.version,
      description:
        'Sign in with POST /api/auth/login (or register), then send the token it answers as `Authorization: Bearer <token>`. Every refusal answers the Error body.',
    },
    tags: Object.keys(accessFiles).map((name) => ({
      name,
      description: `api/src/routes/${name}.ts`,
    })),
    paths,
    components: {
      schemas: {
        ...answerComponents,
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string', description: 'The text to show.' },
            code: { type: 'string', enum: Object.keys(errorStatus) },
            issues: {
              type: 'array',
              items: {
                type: 'object',
                properties: { path: { type: 'string' }, message: { type: 'string' } },
                required: ['path', 'message'],
              },
            },
          },
          required: ['message', 'code'],
        },
      },
      responses: Object.fromEntries(
        Object.entries(refusals).map(([name, description]) => [
          name,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
