import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pickEncoding } from '../lib/accept-encoding.ts';

/** One cached answer: the serialized body, its encodings and validator, built once. */
export interface CachedRead {
  etag: string;
  contentType: string;
  cacheControl: string;
  identity: Uint8Array;
  br: Uint8Array | null;
  gzip: Uint8Array | null;
  /** Epoch ms after which the entry is stale (time-dependent answers, and a safety net). */
  expiresAt: number;
}

/** Bodies under this size go out as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;
/** The cache is also a bound on memory: page and filter combinations are the visitor's choice. */
const MAX_ENTRIES = 500;
/**
 * Invalidation is by NOTIFY and by the writes this process answers; this cap only bounds how
 * long a lost notification (a dropped listener connection) could leave an answer stale.
 */
export const SAFETY_TTL_MS = 10 * 60 * 1000;

export function buildCachedRead(
  body: Uint8Array,
  init: { contentType: string; cacheControl: string; expiresAt: number },
): CachedRead {
  const compress = body.byteLength >= COMPRESS_MIN_BYTES;
  const br = compress
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : null;
  const gzip = compress ? gzipSync(body, { level: 9 }) : null;
  const hash = createHash('sha1').update(body).digest('base64url');
  return {
    // Weak: the same answer is sent in three encodings (RFC 9110 8.8.1).
    etag: `W/"${hash}"`,
    identity: body,
    br: br && br.byteLength < body.byteLength ? br : null,
    gzip: gzip && gzip.byteLength < body.byteLength ? gzip : null,
    ...init,
  };
}

/** Whether If-None-Match names `etag`, by weak comparison (RFC 9110 13.1.2: W/ is ignored). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** A built answer in the encoding the client prefers, or a 304 when it already has it. */
export function negotiate(
  entry: CachedRead,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): { status: 200 | 304; body: Uint8Array<ArrayBuffer> | null; headers: Record<string, string> } {
  const headers: Record<string, string> = {
    ETag: entry.etag,
    'Cache-Control': entry.cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (matchesEtag(ifNoneMatch, entry.etag)) return { status: 304, body: null, headers };
  headers['Content-Type'] = entry.contentType;
  const encoding = pickEncoding(acceptEncoding, {
    br: entry.br !== null,
    gzip: entry.gzip !== null,
  });
  let body = entry.identity;
  if (encoding !== 'identity') {
    headers['Content-Encoding'] = encoding;
    body = entry[encoding] ?? body;
  }
  return { status: 200, body: body as Uint8Array<ArrayBuffer>, headers };
}

/**
 * Serialized public reads (services, products, events) kept in memory with their ETag, so a
 * read or a revalidation does not touch the database. `clear()` is called by every write that
 * changes them: in this process right after the write, in the others through PostgreSQL
 * `LISTEN/NOTIFY` (see listen-for-invalidation.ts). `generation` lets a read that raced a
 * write see that its answer may be stale and not store it.
 */
export class PublicReadCache {
  #entries = new Map<string, CachedRead>();
  #generation = 0;
  #listening = false;
  #echoes = new Map<string, () => void>();

  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, now = Date.now()): CachedRead | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores the entry unless a clear happened since `generation` was read. */
  set(key: string, entry: CachedRead, generation: number): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(key)) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Whether this process hears the other processes' invalidations (listen-for-invalidation.ts). */
  get listening(): boolean {
    return this.#listening;
  }

  set listening(value: boolean) {
    this.#listening = value;
  }

  /** A notification arrived on the invalidation channel: clears, and wakes whoever waits for it. */
  heard(payload: string): void {
    this.clear();
    this.#echoes.get(payload)?.();
  }

  /**
   * Resolves once the notification `payload` has come back to this process (true), or after
   * `timeoutMs` (false). The database sends each notification to every listening process in
   * commit order, so when a writer hears its own echo, the earlier notice of its write has
   * already gone out to every other process too.
   */
  waitForEcho(payload: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (heard: boolean) => {
        clearTimeout(timer);
        this.#echoes.delete(payload);
        resolve(heard);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.#echoes.set(payload, () => done(true));
    });
  }
}
