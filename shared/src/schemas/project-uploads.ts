import { z } from 'zod';
import { limits } from '../limits.ts';
import { projectMessages } from '../messages/projects.ts';
import { uploadMessages } from '../messages/uploads.ts';
import { projectSubmissionSchema } from './project.ts';

/** A draft's token as the server issues it: 32 random bytes, base64url. */
export const draftTokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** An upload's id as the tus server names it: 16 random bytes, hex. */
export const uploadIdPattern = /^[0-9a-f]{32}$/;

/**
 * POST /api/projects/submit-uploads: the project form's fields, as the multipart route checks
 * them, and the completed uploads of the draft that carry its files (decision 030).
 */
export const projectUploadsSubmissionSchema = projectSubmissionSchema.extend({
  draftToken: z.string().regex(draftTokenPattern, { error: uploadMessages.draftUnknown }),
  uploadIds: z
    .array(z.string().regex(uploadIdPattern, { error: uploadMessages.uploadNotFound }))
    .max(limits.maxFiles, { error: projectMessages.tooManyFiles })
    .refine((ids) => new Set(ids).size === ids.length, { error: uploadMessages.uploadNotFound }),
});
export type ProjectUploadsSubmissionInput = z.input<typeof projectUploadsSubmissionSchema>;

/** POST /api/uploads/drafts (201): the draft's token, sent with every upload. */
export const uploadDraftAnswerSchema = z.object({
  draftToken: z.string().regex(draftTokenPattern),
});
export type UploadDraftResponse = z.infer<typeof uploadDraftAnswerSchema>;

/** GET /api/uploads/:id: where a resumable upload stands, in bytes. */
export const uploadStateAnswerSchema = z.object({
  id: z.string().regex(uploadIdPattern),
  name: z.string(),
  size: z.number().int(),
  /** Bytes the tus store holds. */
  offset: z.number().int(),
  /** Every byte the store took, over all PATCHes: above the size when bytes came twice. */
  received: z.number().int(),
  complete: z.boolean(),
  /** Whether a submission has used it. */
  submitted: z.boolean(),
});
export type UploadStateAnswer = z.infer<typeof uploadStateAnswerSchema>;
