import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { pickEncoding } from '../lib/accept-encoding.ts';

const COMPRESSIBLE =
  /^(application\/(json|javascript|xml|[a-z.+-]+\+(json|xml))|text\/|image\/svg\+xml)/i;
const MIN_BYTES = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function withEncoding(res: Response, encoding: 'br' | 'gzip'): Headers {
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
  return headers;
}

/**
 * Compresses dynamic answers (JSON, HTML, text, CSV) above about 1 KB for clients that accept
 * it: brotli at a quality cheap enough per request, else gzip. Answers that already carry an
 * encoding (the precompressed site files, the public-read cache) and media are left alone, so
 * nothing is compressed twice.
 */
export const compress = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || c.req.method === 'HEAD' || res.status === 204 || res.status === 304) return;
  // Already encoded, or already negotiated (the public-read cache varies on Accept-Encoding).
  if (res.headers.has('content-encoding')) return;
  if (/accept-encoding/i.test(res.headers.get('vary') ?? '')) return;
  if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
  if (/no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
  const length = res.headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return;
  const encoding = pickEncoding(c.req.header('accept-encoding'), { br: true, gzip: true });
  if (encoding === 'identity') return;
  const init = { status: res.status, statusText: res.statusText };
  if (length === null && /^application\/json/i.test(res.headers.get('content-type') ?? '')) {
    // c.json() answers are built in memory and carry no length: measure, then compress whole.
    const raw = new Uint8Array(await res.arrayBuffer());
    c.res = undefined as unknown as Response;
    if (raw.byteLength < MIN_BYTES) {
      c.res = new Response(raw, { ...init, headers: res.headers });
      return;
    }
    const packed = encoding === 'br' ? await brotliAsync(raw, BROTLI) : await gzipAsync(raw, GZIP);
    c.res = new Response(new Uint8Array(packed), { ...init, headers: withEncoding(res, encoding) });
    return;
  }
  // Streams (downloads, exports) are compressed as they flow. `pipeline`, not `pipe`: a body
  // that fails midway fails the compressed one too (the client sees a cut download, not a short
  // file that ends cleanly), and a client that goes away cancels the body's source.
  const compressor = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP);
  const body = pipeline(
    Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
    compressor,
    () => {},
  );
  // Forget the old response first, or its headers (Content-Length) would be merged in.
  c.res = undefined as unknown as Response;
  c.res = new Response(Readable.toWeb(body) as ReadableStream, {
    ...init,
    headers: withEncoding(res, encoding),
  });
});
