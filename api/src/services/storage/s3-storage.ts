import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  type SignedGetAnswer,
  type Storage,
  StorageNotFoundError,
  type StoredFileInfo,
  storageKeyPattern,
} from './storage.ts';

export interface S3Settings {
  /** Unset: AWS itself, by region. Set for any other S3-compatible service (https://…). */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /**
   * Downloads go from the bucket to the buyer by a presigned URL (decision 045), signed for this
   * address when the API reaches the store by another (`http://minio:9000` inside a network);
   * unset: the endpoint. `false`: the API streams downloads itself.
   */
  signedDownloads?: { publicEndpoint?: string | undefined } | false;
}

/**
 * Parts of a multipart upload, and how many are sent at once: memory per `put` is at most
 * PART_BYTES x PART_QUEUE (10 MB) plus the part being filled, whatever the file's size (the
 * bench: a 1 GB upload raised the API's RSS by 74-78 MB on S3, 4 parts in flight 120 MB). 5 MB is
 * S3's smallest part; 10,000 parts (S3's most) of it hold 48 GB, far above a project file's 400 MB.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PART_QUEUE = 2;

/**
 * The client settings, for this store and for anything else that talks to the same bucket
 * (the tus store). Checksums only where S3 requires them: the SDK's default adds a CRC32 to every
 * upload with an `aws-chunked` body, which several S3-compatible stores (s3rver among them) store
 * as part of the file.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Whether an SDK error says the object (or upload) is not there. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchUpload' ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/**
 * Files in an S3 bucket, under the same keys as on the local disk. Both directions stream:
 * `put` sends 5 MB parts as they fill (lib-storage's Upload), `get` hands on the response body.
 */
export function s3Storage(
  settings: S3Settings,
  options: { listPageSize?: number; partBytes?: number } = {},
): Storage {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const signed = settings.signedDownloads;
  // Signing is local (no request): a client of the address buyers reach only signs.
  const signer =
    signed && signed.publicEndpoint
      ? new S3Client(s3ClientConfig({ ...settings, endpoint: signed.publicEndpoint }))
      : client;
  const checked = (key: string) => {
    if (!storageKeyPattern.test(key) || key.includes('..'))
      throw new Error(`Bad storage key: ${key}`);
    return key;
  };

  /** The last time anything was written to an unfinished upload: its start, or its latest part. */
  async function lastActivity(key: string, uploadId: string, initiated: Date): Promise<Date> {
    let latest = initiated;
    let marker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const part of page.Parts ?? []) {
        if (part.LastModified && part.LastModified > latest) latest = part.LastModified;
      }
      if (!page.IsTruncated || !page.NextPartNumberMarker) return latest;
      marker = page.NextPartNumberMarker;
    }
  }

  return {
    async put(key, source) {
      checked(key);
      // The source may fail before the upload reads it: keep the error rather than crash.
      let early: unknown;
      source.on('error', (error) => {
        early ??= error;
      });
      let bytes = 0;
      async function* counted() {
        for await (const chunk of source) {
          bytes += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(counted(), { objectMode: false }) },
        partSize: options.partBytes ?? PART_BYTES,
        queueSize: PART_QUEUE,
        // On failure the multipart upload is aborted, so its parts do not stay (and bill).
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The source's own error says more than an abort that failed after it.
        throw early ?? error;
      }
      return { bytes };
    },
    async get(key, range) {
      checked(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // A range's answer names the whole size in Content-Range: `bytes 0-99/1234`.
        const total = answer.ContentRange?.match(/\/(\d+)$/)?.[1];
        const bytes = total ? Number(total) : (answer.ContentLength ?? 0);
        return { stream: answer.Body as Readable, bytes };
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },
    ...(signed
      ? {
          signedGetUrl: (key: string, answer: SignedGetAnswer) =>
            getSignedUrl(
              signer,
              new GetObjectCommand({
                Bucket,
                Key: checked(key),
                ResponseContentType: answer.contentType,
                ResponseContentDisposition: answer.contentDisposition,
                ResponseCacheControl: answer.cacheControl,
              }),
              { expiresIn: answer.expiresInSeconds },
            ),
        }
      : {}),
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async *list(prefix): AsyncGenerator<StoredFileInfo> {
      const pages = paginateListObjectsV2(
        { client, pageSize: options.listPageSize ?? 1000 },
        { Bucket, Prefix: prefix || undefined },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          // Objects the app did not write (a tus upload's own, say) are not stored files.
          if (!object.Key || !storageKeyPattern.test(object.Key)) continue;
          yield {
            key: object.Key,
            modifiedAt: object.LastModified ?? new Date(0),
            bytes: object.Size ?? 0,
          };
        }
      }
    },
    /**
     * Multipart uploads of our keys with nothing written since `olderThan` (a live upload sends
     * a part every 5 MB). Keys of other writers to the bucket are left to them.
     */
    async removeAbandonedWrites(olderThan) {
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          const { Key, UploadId, Initiated } = upload;
          if (!Key || !UploadId || !storageKeyPattern.test(Key)) continue;
          if (!Initiated || Initiated >= olderThan) continue;
          if ((await lastActivity(Key, UploadId, Initiated)) >= olderThan) continue;
          try {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
            removed += 1;
          } catch (error) {
            // Finished or aborted meanwhile: nothing left to remove.
            if (!isMissing(error)) throw error;
          }
        }
        if (!page.IsTruncated) return removed;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };
}
