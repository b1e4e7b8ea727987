import path from 'node:path';
import { downloadLimits } from '@studio/shared/downloads';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { CheckedUploadStore } from './checked-upload-store.ts';
import { completeUpload } from './complete-upload.ts';
import { countReceivedBytes } from './count-received-bytes.ts';
import { forgetUpload } from './forget-upload.ts';
import { judgeUploadContent } from './judge-upload-content.ts';
import { PostgresLocker } from './postgres-locker.ts';
import { S3UploadStore } from './s3-upload-store.ts';

/** Where the tus routes are mounted (routes/uploads.ts). */
export const TUS_PATH = '/api/uploads';
/**
 * tus's own expiration (Upload-Expires), counted from creation: a hard cap. An upload idle for a
 * day goes sooner, in the periodic clean-up (remove-abandoned-uploads.ts).
 */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

export interface TusUploads {
  server: Server;
  store: CheckedUploadStore;
  /** Upload locks shared by every process of the database (postgres-locker.ts). */
  locker: PostgresLocker;
}

type StoreEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'STORAGE'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * Where unfinished uploads live: on the local disk (`$DATA_DIR/tus`), or with STORAGE=s3 in the
 * bucket as `<id>`, `<id>.info` and `<id>.part` (32 hex characters: no key the storage sweep or
 * its multipart clean-up touches), so a resumed upload may reach any process of the bucket.
 */
function datastore(env: StoreEnv) {
  if (env.STORAGE !== 's3') {
    return new FileStore({
      directory: path.join(env.DATA_DIR, 'tus'),
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
  }
  const store = new S3UploadStore({
    // S3's smallest part; the site's 8 MB PATCHes become one or two parts each.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    s3ClientConfig: {
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION ?? 'us-east-1',
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      // As services/storage/s3-storage.ts: no aws-chunked checksum framing, which S3-compatible stores (s3rver,
      // and others) store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: {
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      },
    },
  });
  return store;
}

/** The id the route chose for a creation, by its request (tus's namingFunction reads it). */
export const idsByRequest = new WeakMap<Request, string>();

const byDatabase = new WeakMap<Db, TusUploads>();

/**
 * The tus server of an app (one per database: the test apps each have their own), on the file
 * store or the bucket (`datastore`). Every route in front of it has checked the draft and the upload's
 * owner; this checks content, size and records progress (decision 030).
 */
export function tusUploads({ db, env, log }: { db: Db; env: StoreEnv; log?: Logger }): TusUploads {
  const found = byDatabase.get(db);
  if (found) return found;
  // A PATCH resumed on another process (or machine) waits for, and asks to end, the one that
  // still holds the upload here or there (decision 030).
  const locker = new PostgresLocker(db.$client, log ? { log } : {});
  const inner = datastore(env);
  const store = new CheckedUploadStore(inner, {
    judge: (id, sniffed) => judgeUploadContent({ db, id, sniffed }),
    refused: (id) => forgetUpload({ db, id }),
    starting: (id, offset) => countReceivedBytes({ db, id, offset, when: 'starting' }),
    wrote: (id, offset) => countReceivedBytes({ db, id, offset, when: 'wrote' }),
  });
  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    locker,
    // Same origin only: no CORS header for any other.
    allowedOrigins: () => false,
    relativeLocation: true,
    // The route refuses a larger Upload-Length first, by the draft's purpose (a project's
    // 400 MB, a digital product's 8 GiB); this is the net under both.
    maxSize: downloadLimits.maxFileBytes - 1,
    namingFunction: (req) => {
      const id = idsByRequest.get(req as unknown as Request);
      if (!id) throw new Error('an upload was created without the route naming it');
      return id;
    },
    onUploadFinish: async (_req, upload) => {
      await completeUpload({ db, id: upload.id });
      return {};
    },
  });
  const made = { server, store, locker };
  byDatabase.set(db, made);
  return made;
}

/** Lets go of the database's upload locks (its lock session), if its tus server was made. */
export async function closeTusUploads(db: Db): Promise<void> {
  await byDatabase.get(db)?.locker.close();
}
