import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../env.ts';
import { s3ClientConfig } from '../services/storage/s3-storage.ts';
import type { Storage } from '../services/storage/storage.ts';

/** Every complete file's key under `prefix`, sorted, on whichever back end the app uses. */
export async function storedKeys(storage: Storage, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

/**
 * Writes begun and not finished: `.part` files on the local disk (their paths under the uploads
 * folder), multipart uploads in the bucket (`<key> (multipart upload)`; a put of more than one
 * 5 MB part starts one).
 */
export async function unfinishedWrites(env: Env): Promise<string[]> {
  if (env.STORAGE === 's3') {
    const client = new S3Client(
      s3ClientConfig({
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION ?? '',
        bucket: env.S3_BUCKET ?? '',
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      }),
    );
    try {
      const answer = await client.send(new ListMultipartUploadsCommand({ Bucket: env.S3_BUCKET }));
      return (answer.Uploads ?? []).map((u) => `${u.Key} (multipart upload)`).sort();
    } finally {
      client.destroy();
    }
  }
  const root = path.join(env.DATA_DIR, 'uploads');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries
    .filter((name) => name.endsWith('.part'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}
