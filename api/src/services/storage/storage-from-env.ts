import path from 'node:path';
import type { Env } from '../../env.ts';
import { localDiskStorage } from './local-disk-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The store STORAGE names: `$DATA_DIR/uploads`, or the S3 bucket (env.ts checked its settings). */
export function storageFromEnv(env: Env): Storage {
  if (env.STORAGE === 'local') return localDiskStorage(path.join(env.DATA_DIR, 'uploads'));
  return s3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? '',
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    signedDownloads:
      env.S3_DOWNLOADS === 'redirect' ? { publicEndpoint: env.S3_PUBLIC_ENDPOINT } : false,
  });
}
