/** The little of s3rver 3 (no types of its own) that test/s3.ts uses. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<unknown>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    logger: { close(): void; exceptions: { unhandle(): void } };
    store: {
      putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
      getResourcePath(bucket: string, key: string, resource: string): string;
      listObjects(
        bucket: string,
        options: { prefix?: string; startAfter?: string; maxKeys?: number },
      ): Promise<{
        objects: {
          key: string;
          size: number;
          lastModifiedDate: Date;
          metadata: { etag?: string };
        }[];
        isTruncated: boolean;
      }>;
    };
  }
}
