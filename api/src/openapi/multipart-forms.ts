import { limits } from '@studio/shared/limits';
import { emailBlastSchema } from '@studio/shared/schemas/blasts';
import { eventFormSchema } from '@studio/shared/schemas/events';
import { projectSubmissionSchema } from '@studio/shared/schemas/project';
import type { z } from 'zod';
import type { EndpointKey } from './route-table.ts';

/** A multipart/form-data body: its text fields' schema and its file fields. */
export interface MultipartForm {
  fields?: z.ZodType;
  files: Record<string, { description: string; required: boolean; maxCount: number }>;
}

/** Files are judged by their bytes, not by their name or declared type. */
const file = (what: string, types: string) => `${what}: ${types}, judged by content, 5 MB at most`;

/**
 * The routes that stream a multipart body to their service instead of validating it with
 * `validate()`, so the route table has no schema for them: their forms, for the description.
 */
const forms = {
  'POST /api/projects/submit': {
    fields: projectSubmissionSchema,
    files: {
      files: {
        description: 'Audio, video or ZIP files, judged by content',
        required: false,
        maxCount: limits.maxFiles,
      },
    },
  },
  'POST /api/events/admin': {
    fields: eventFormSchema,
    files: { flyer: { description: file('The flyer', 'JPEG'), required: true, maxCount: 1 } },
  },
  'PUT /api/events/admin/:id': {
    fields: eventFormSchema,
    files: {
      flyer: {
        description: file('A new flyer (without one the old one stays)', 'JPEG'),
        required: false,
        maxCount: 1,
      },
    },
  },
  'POST /api/events/admin/send-email-blast': {
    fields: emailBlastSchema,
    files: {
      emailFlyer: {
        description: file('A flyer attached to the mail', 'JPEG, PNG or PDF'),
        required: false,
        maxCount: 1,
      },
    },
  },
  'POST /api/admin/products/:id/images': {
    files: {
      image: { description: file('The image', 'JPEG, PNG or WebP'), required: true, maxCount: 1 },
    },
  },
} satisfies Partial<Record<EndpointKey, MultipartForm>>;

export const multipartForms: Partial<Record<EndpointKey, MultipartForm>> = forms;
/** The routes with a multipart form: app.ts checks that each is a route of the app. */
export type MultipartRoute = keyof typeof forms;
