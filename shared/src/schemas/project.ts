import { z } from 'zod';
import { limits } from '../limits.ts';
import { projectMessages } from '../messages/projects.ts';
import { multiLine, singleLine } from './text.ts';

const m = projectMessages;

function required(field: string, message: string, lines: 'single' | 'multi' = 'single') {
  return (lines === 'multi' ? multiLine : singleLine)(field, { error: message })
    .trim()
    .min(1, { error: message, abort: true });
}

/**
 * The text fields of a project submission (multipart), in the spec's order of checks
 * (section 5, Project form): the first issue is the message shown.
 */
export const projectSubmissionSchema = z.object({
  name: required('Name', m.nameRequired).max(200, { error: 'Name must be at most 200 characters' }),
  email: required('Email', m.emailRequired)
    .regex(limits.emailPattern, { error: m.emailInvalid })
    .max(254, { error: m.emailInvalid })
    .transform((v) => v.toLowerCase()),
  /** The service's title (as the spec sends it), SKU or id. */
  service: required('Service', m.serviceRequired).max(200, { error: m.serviceRequired }),
  notes: required('Project details', m.notesRequired, 'multi')
    .min(limits.notesMin, { error: m.notesTooShort })
    .max(10_000, { error: 'Project details must be at most 10,000 characters' }),
  timeline: singleLine('Timeline')
    .trim()
    .max(200, { error: 'Timeline must be at most 200 characters' })
    .optional()
    .transform((v) => v || null),
  budget: singleLine('Budget')
    .trim()
    .max(200, { error: 'Budget must be at most 200 characters' })
    .optional()
    .transform((v) => v || null),
});
export type ProjectSubmissionInput = z.input<typeof projectSubmissionSchema>;

export interface ProjectSubmissionResponse {
  submissionId: string;
  message: string;
}
