import { S3Store } from '@tus/s3-store';
import { ERRORS } from '@tus/server';

/** S3's answers for an upload or key that is not there (as @tus/s3-store tells them). */
const MISSING = new Set(['NotFound', 'NoSuchKey', 'NoSuchUpload']);

function isMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  return (
    (typeof name === 'string' && MISSING.has(name)) ||
    (typeof Code === 'string' && MISSING.has(Code))
  );
}

/**
 * tus's S3 store, with a `remove` that works on a completed upload too. @tus/s3-store 2.0's own
 * aborts the multipart upload first and gives up when S3 answers NoSuchUpload, which it always
 * does once the upload completed (the multipart upload became the object): the object and its
 * `.info` stayed in the bucket, and `getUpload` went on finding it complete. Here a multipart
 * upload already gone is no reason to stop, and the object, `<id>.info` and `<id>.part` (the
 * incomplete last part of an unfinished upload) are all deleted.
 */
export class S3UploadStore extends S3Store {
  override async remove(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (error) {
      if (isMissing(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
    if (uploadId) {
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }],
      },
    });
    await this.clearCache(id);
  }
}
