import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { type S3Settings, s3Storage } from '../services/storage/s3-storage.ts';
import type { Storage } from '../services/storage/storage.ts';

export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** Everything `s3Storage` and any other S3 client need to reach the bucket. */
  settings: S3Settings;
  /** The same as environment variables (STORAGE=s3, S3_*), for an API process or `parseEnv`. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket: `<directory>/<bucket>/...`. */
  directory: string;
  /** A store on the bucket (options as `s3Storage`'s). */
  storage: (options?: Parameters<typeof s3Storage>[1]) => Storage;
  close: () => Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
const xml = (root: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${body}</${root}>`;
const tag = (name: string, value: string | number | boolean) =>
  `<${name}>${xmlEscape(String(value))}</${name}>`;

function send(res: ServerResponse, status: number, body = '') {
  res.writeHead(status, body ? { 'Content-Type': 'application/xml' } : {});
  res.end(body);
}

function noSuchUpload(res: ServerResponse, uploadId: string) {
  send(
    res,
    404,
    xml(
      'Error',
      `${tag('Code', 'NoSuchUpload')}${tag('Message', 'The specified upload does not exist.')}${tag('UploadId', uploadId)}`,
    ),
  );
}

/**
 * What s3rver 3.7 lacks, or fails at on Node 24, answered here from its own store and files:
 * - ListObjectsV2 in pages: s3rver makes its continuation token with DES, which OpenSSL 3 no
 *   longer offers (500), and pages in the file system's order, not the keys'. Listed here
 *   through s3rver's store, sorted, the token being the last key.
 * - ListMultipartUploads, ListParts and AbortMultipartUpload, which it does not implement: from
 *   where it keeps an unfinished upload (`<bucket>/._S3rver_uploads/<uploadId>/` with `key` and
 *   one file per part, `<n>` and `<n>.md5`). An upload's start is its `key` file's time, a
 *   part's its file's.
 * Answers `false` for every other request, which s3rver answers.
 */
async function s3rverExtras(
  s3rver: S3rver,
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://s3');
  const [, bucket, ...rest] = url.pathname.split('/').map(decodeURIComponent);
  if (!bucket) return false;
  const key = rest.join('/');
  const uploads = path.join(root, bucket, '._S3rver_uploads');
  const uploadId = url.searchParams.get('uploadId');
  const query = url.searchParams;

  if (req.method === 'GET' && !key && query.get('list-type') === '2' && !query.has('delimiter')) {
    const token = query.get('continuation-token');
    const prefix = query.get('prefix') ?? '';
    const startAfter = token
      ? Buffer.from(token, 'base64url').toString()
      : (query.get('start-after') ?? '');
    const maxKeys = Math.min(1000, Number(query.get('max-keys') ?? 1000));
    // The store walks folders in the file system's order, not the keys' (so its own paging
    // skips keys): take them all, sort, and cut the page here.
    const all = (await s3rver.store.listObjects(bucket, { prefix })).objects
      .filter((o) => o.key > startAfter)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const listed = { objects: all.slice(0, maxKeys), isTruncated: all.length > maxKeys };
    const last = listed.objects.at(-1)?.key;
    const contents = listed.objects
      .map(
        (o) =>
          `<Contents>${tag('Key', o.key)}${tag('LastModified', o.lastModifiedDate.toISOString())}${tag('ETag', o.metadata.etag ?? '')}${tag('Size', o.size)}${tag('StorageClass', 'STANDARD')}</Contents>`,
      )
      .join('');
    const next =
      listed.isTruncated && last
        ? tag('NextContinuationToken', Buffer.from(last).toString('base64url'))
        : '';
    send(
      res,
      200,
      xml(
        'ListBucketResult',
        `${tag('Name', bucket)}${tag('Prefix', prefix)}${tag('KeyCount', listed.objects.length)}${tag('IsTruncated', listed.isTruncated)}${next}${contents}`,
      ),
    );
    return true;
  }

  if (req.method === 'GET' && !key && url.searchParams.has('uploads')) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const ids = await readdir(uploads).catch(() => [] as string[]);
    let entries = '';
    for (const id of ids.sort()) {
      const keyFile = path.join(uploads, id, 'key');
      const uploadKey = await readFile(keyFile, 'utf8').catch(() => null);
      if (uploadKey === null || !uploadKey.startsWith(prefix)) continue;
      const initiated = (await stat(keyFile)).mtime.toISOString();
      entries += `<Upload>${tag('Key', uploadKey)}${tag('UploadId', id)}${tag('Initiated', initiated)}</Upload>`;
    }
    send(
      res,
      200,
      xml(
        'ListMultipartUploadsResult',
        `${tag('Bucket', bucket)}${tag('KeyMarker', '')}${tag('UploadIdMarker', '')}${tag('IsTruncated', false)}${entries}`,
      ),
    );
    return true;
  }
  if (!key || !uploadId || !/^[0-9a-f]+$/.test(uploadId)) return false;
  const dir = path.join(uploads, uploadId);
  if (req.method === 'DELETE') {
    req.resume();
    if (!(await stat(dir).catch(() => null))) noSuchUpload(res, uploadId);
    else {
      await rm(dir, { recursive: true, force: true });
      send(res, 204);
    }
    return true;
  }
  if (req.method === 'GET') {
    const names = await readdir(dir).catch(() => null);
    if (!names) {
      noSuchUpload(res, uploadId);
      return true;
    }
    const numbers = names.filter((n) => /^\d+$/.test(n)).map(Number);
    let parts = '';
    for (const n of numbers.sort((a, b) => a - b)) {
      const info = await stat(path.join(dir, String(n)));
      const md5 = await readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => '');
      parts += `<Part>${tag('PartNumber', n)}${tag('LastModified', info.mtime.toISOString())}${tag('ETag', `"${md5}"`)}${tag('Size', info.size)}</Part>`;
    }
    send(
      res,
      200,
      xml(
        'ListPartsResult',
        `${tag('Bucket', bucket)}${tag('Key', key)}${tag('UploadId', uploadId)}${tag('IsTruncated', false)}${parts}`,
      ),
    );
    return true;
  }
  return false;
}

/**
 * An S3-protocol server for tests: s3rver on loopback, a free port, a fresh folder, the bucket
 * made. Path-style addressing; s3rver's own keys (S3RVER / S3RVER), whose signatures it checks.
 */
export async function startTestS3({
  bucket = 'studio-test',
}: {
  bucket?: string;
} = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'studio-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  // s3rver answers a put once the bytes have passed its hash, before its file is written out,
  // so a read right after could find the file short (and its time would move): wait for it.
  const store = s3rver.store;
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const result = await putObject(object);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    for (let i = 0; i < 1000; i++) {
      if ((await stat(file).catch(() => null))?.size === result.size) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return result;
  };
  const handle = s3rver.callback();
  const server = createServer((req, res) => {
    s3rverExtras(s3rver, directory, req, res)
      .then((answered) => {
        if (!answered) handle(req, res);
      })
      .catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, xml('Error', tag('Message', String(error))));
        else res.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    endpoint,
    bucket,
    settings,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    storage: (options) => s3Storage(settings, options),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3rver.logger.exceptions.unhandle();
      s3rver.logger.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
