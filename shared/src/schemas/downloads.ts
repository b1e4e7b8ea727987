import { z } from 'zod';
import { downloadLimits, downloadStates, grantStatuses } from '../downloads.ts';
import { isoDateTime } from './answers.ts';
import { draftTokenPattern, uploadIdPattern } from './project-uploads.ts';

// Digital products' files and the access a paid order gives to them (issue 25, decision 045).

/** One file of a product, as the buyer's order page lists it. */
export const orderFileSchema = z
  .object({
    id: z.guid(),
    name: z.string(),
    sizeBytes: z.int().min(0),
    /** Counted downloads of this file under the order's grant. */
    downloadsUsed: z.int().min(0),
    /** Null: no limit. */
    downloadsLeft: z.int().min(0).nullable(),
    lastDownloadAt: isoDateTime.nullable(),
  })
  .meta({ id: 'OrderFile' });

/**
 * A digital line of an order and its files: `awaiting-payment` (nothing to download yet),
 * `ready`, `expired` (the days of access ran out) or `revoked` (refunded or cancelled).
 */
export const orderDownloadSchema = z
  .object({
    productId: z.guid(),
    productName: z.string(),
    state: z.enum(downloadStates),
    /** When access ends; null: never, or not granted yet. */
    expiresAt: isoDateTime.nullable(),
    /** Downloads of each file; null: no limit. */
    downloadLimit: z.int().min(1).nullable(),
    files: z.array(orderFileSchema),
  })
  .meta({ id: 'OrderDownload' });
export type OrderDownloadAnswer = z.infer<typeof orderDownloadSchema>;

/** POST /api/orders/:id/files/:fileId/link: a signed link the browser follows to download. */
export const downloadLinkAnswerSchema = z.object({ url: z.string(), expiresAt: isoDateTime });
export type DownloadLinkAnswer = z.infer<typeof downloadLinkAnswerSchema>;

/** The admin's limits on a product's downloads (its form); null: no limit. */
export const downloadLimitFields = {
  downloadLimit: z.coerce
    .number()
    .int({ error: 'Downloads per file must be a whole number' })
    .min(1, { error: 'Allow at least 1 download per file, or leave it empty for no limit' })
    .max(downloadLimits.maxDownloadLimit, {
      error: `At most ${downloadLimits.maxDownloadLimit} downloads per file`,
    })
    .nullable(),
  downloadDays: z.coerce
    .number()
    .int({ error: 'Days of access must be a whole number' })
    .min(1, { error: 'Allow at least 1 day, or leave it empty for access that never ends' })
    .max(downloadLimits.maxDownloadDays, {
      error: `At most ${downloadLimits.maxDownloadDays} days of access`,
    })
    .nullable(),
};

/** A file a digital product carries, as the admin's product form lists it. */
export const productFileSchema = z
  .object({
    id: z.guid(),
    name: z.string(),
    contentType: z.string(),
    sizeBytes: z.int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ProductFile' });
export type ProductFileAnswer = z.infer<typeof productFileSchema>;

/** GET /api/admin/products/:id/files */
export const productFilesAnswerSchema = z.object({
  files: z.array(productFileSchema),
  /** The largest file a product may carry, in bytes. */
  maxFileBytes: z.int(),
  maxFiles: z.int(),
});
export type ProductFilesAnswer = z.infer<typeof productFilesAnswerSchema>;

/** POST /api/admin/products/file-drafts (201): a draft for the admin's resumable uploads. */
export const productFileDraftAnswerSchema = z.object({
  draftToken: z.string().regex(draftTokenPattern),
  maxFileBytes: z.int(),
});
export type ProductFileDraftAnswer = z.infer<typeof productFileDraftAnswerSchema>;

/** POST /api/admin/products/:id/files: a completed upload of the admin's draft, made a file. */
export const productFileAttachSchema = z.object({
  draftToken: z.string().regex(draftTokenPattern, { error: 'Start the upload again' }),
  uploadId: z.string().regex(uploadIdPattern, { error: 'Start the upload again' }),
  /** The file this one takes the place of (removed in the same step). */
  replaces: z.guid().optional(),
});
export type ProductFileAttachInput = z.input<typeof productFileAttachSchema>;

/** POST /api/admin/products/:id/files (201), DELETE .../files/:fileId (200). */
export const productFileChangeAnswerSchema = z.object({
  message: z.string(),
  files: z.array(productFileSchema),
});
export type ProductFileChangeAnswer = z.infer<typeof productFileChangeAnswerSchema>;

/** One file under a grant, as the admin's order detail shows it. */
const grantFileSchema = z.object({
  id: z.guid(),
  name: z.string(),
  sizeBytes: z.int().min(0),
  downloadsUsed: z.int().min(0),
  lastDownloadAt: isoDateTime.nullable(),
  lastDownloadIp: z.string().nullable(),
});

/** A buyer's access to a product's files, as the admin's order detail shows it. */
export const downloadGrantSchema = z
  .object({
    id: z.guid(),
    productId: z.guid(),
    productName: z.string(),
    status: z.enum(grantStatuses),
    /** Whether a download is possible now: active and not past its end. */
    usable: z.boolean(),
    expiresAt: isoDateTime.nullable(),
    downloadLimit: z.int().min(1).nullable(),
    grantedAt: isoDateTime,
    files: z.array(grantFileSchema),
  })
  .meta({ id: 'DownloadGrant' });
export type DownloadGrantAnswer = z.infer<typeof downloadGrantSchema>;

/** One recorded download, as the admin's customer page lists them. */
export const downloadRecordSchema = z
  .object({
    at: isoDateTime,
    orderId: z.guid(),
    orderNumber: z.string(),
    productName: z.string(),
    fileName: z.string(),
    /** The request's client address. */
    ip: z.string().nullable(),
    /** A resumed download (a `Range` past the first byte soon after) is recorded but not counted. */
    counted: z.boolean(),
  })
  .meta({ id: 'DownloadRecord' });
export type DownloadRecordAnswer = z.infer<typeof downloadRecordSchema>;
