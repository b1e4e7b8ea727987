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

export interface UploadDraftResponse {
  draftToken: string;
}
