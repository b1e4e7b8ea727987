import {
  type OpenApiDocumentAnswer,
  openApiDocumentAnswerSchema,
} from '@studio/shared/schemas/openapi';
import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../context.ts';
import { publicCache } from '../middleware/public-cache.ts';
import type { AccessRow } from '../openapi/access-row.ts';
import { answers } from '../openapi/answers.ts';
import { docsPage } from '../openapi/docs-page.ts';
import { type OpenApiDocument, openApiDocument } from '../openapi/document.ts';

/**
 * The API described: its OpenAPI 3.1 document and a reference page made from it, both built
 * once from the app's route table (`routeTable`, read at the first request, when every route
 * is mounted) and the routes' access rows, which the app hands in, and served as public reads.
 */
export function openApiRoutes(
  routeTable: () => readonly RouterRoute[],
  accessFiles: Readonly<Record<string, readonly AccessRow[]>>,
) {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const described = () => {
    document ??= openApiDocument(routeTable(), accessFiles);
    return document;
  };
  return new Hono<AppEnv>()
    .get('/openapi.json', answers({ 200: openApiDocumentAnswerSchema }), publicCache(3600), (c) =>
      c.json(described() satisfies OpenApiDocumentAnswer, 200),
    )
    .get(
      '/docs',
      answers({ 200: { mediaType: 'text/html', description: 'The API reference page.' } }),
      publicCache(3600),
      (c) => {
        page ??= docsPage(described());
        return c.html(page, 200);
      },
    );
}
