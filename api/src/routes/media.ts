import { Readable } from 'node:stream';
import { httpMessages } from '@studio/shared/messages/http';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { answers } from '../openapi/answers.ts';
import { StorageNotFoundError } from '../services/storage/storage.ts';

/** Only these folders are public; project files are never served here. */
const publicFolders = new Set(['flyers', 'products']);
const types: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

const publicFile = answers({
  200: {
    mediaType: '*/*',
    description: 'The image (JPEG, PNG, WebP or AVIF) or PDF, typed by its name.',
  },
});

/** Public images by storage key. Keys are random and never reused, so they cache forever. */
export const mediaRoutes = new Hono<AppEnv>().get('/media/:folder/:name', publicFile, async (c) => {
  const { folder, name } = c.req.param();
  const match = name.match(/^[a-z0-9-]+\.(jpg|png|webp|avif|pdf)$/);
  if (!publicFolders.has(folder) || !match?.[1])
    throw new ApiError('NOT_FOUND', httpMessages.notFound);
  try {
    const file = await c.var.storage.get(`${folder}/${name}`);
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
      'Content-Type': types[match[1]] ?? 'application/octet-stream',
      'Content-Length': String(file.bytes),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  } catch (error) {
    if (error instanceof StorageNotFoundError)
      throw new ApiError('NOT_FOUND', httpMessages.notFound);
    throw error;
  }
});
