import { z } from 'zod';
import { roomMessages as m } from '../messages/project-room.ts';
import { roomLimits, versionFileKinds, workActors, workStatuses } from '../project-room.ts';
import { isoDateTime } from './answers.ts';
import { draftTokenPattern, uploadIdPattern } from './project-uploads.ts';
import { multiLine } from './text.ts';

// The project room (issue 26, decision 046).

/** A move of the work, in the room's timeline. */
export const workMoveSchema = z
  .object({
    status: z.enum(workStatuses),
    actor: z.enum(workActors),
    /** The admin's name, or null for the client. */
    actorName: z.string().nullable(),
    note: z.string().nullable(),
    at: isoDateTime,
  })
  .meta({ id: 'WorkMove' });

/** A file of a shared version. `url`: a 24-hour link to play or download it; null while locked. */
export const versionFileSchema = z
  .object({
    id: z.guid(),
    kind: z.enum(versionFileKinds),
    name: z.string(),
    contentType: z.string(),
    sizeBytes: z.int().min(0),
    sha256: z.string(),
    url: z.string().nullable(),
  })
  .meta({ id: 'VersionFile' });

export const projectVersionSchema = z
  .object({
    id: z.guid(),
    number: z.int().min(1),
    note: z.string(),
    createdAt: isoDateTime,
    files: z.array(versionFileSchema),
  })
  .meta({ id: 'ProjectVersion' });

export const roomCommentSchema = z
  .object({
    id: z.guid(),
    author: z.enum(workActors),
    authorName: z.string(),
    /** The file the comment is pinned in, and the second; null for a general comment. */
    fileId: z.guid().nullable(),
    atSeconds: z.number().min(0).nullable(),
    body: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'RoomComment' });

/** GET /api/projects/:id/room: what the client's room shows (and the admin's thread). */
export const projectRoomSchema = z
  .object({
    id: z.guid(),
    name: z.string(),
    serviceName: z.string(),
    priceCents: z.int(),
    paymentState: z.enum(['unpaid', 'pending', 'paid', 'refunded']),
    workStatus: z.enum(workStatuses),
    /** The moves the caller may make now. */
    moves: z.array(z.enum(workStatuses)),
    timeline: z.array(workMoveSchema),
    uploads: z.array(z.object({ id: z.guid(), name: z.string(), sizeBytes: z.int().min(0) })),
    versions: z.array(projectVersionSchema),
    comments: z.array(roomCommentSchema),
    /** Whether finals may be downloaded: the project is paid. */
    finalsReleased: z.boolean(),
    /** Where an unpaid project is paid. */
    payUrl: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ProjectRoom' });
export type ProjectRoom = z.infer<typeof projectRoomSchema>;
export const projectRoomAnswerSchema = z.object({ room: projectRoomSchema });
export type ProjectRoomAnswer = z.infer<typeof projectRoomAnswerSchema>;

const commentBody = multiLine('comment', { error: m.commentEmpty })
  .trim()
  .min(1, { error: m.commentEmpty })
  .max(roomLimits.maxCommentChars, { error: m.commentTooLong });

/** POST /api/projects/:id/room/comments and the admin's. */
export const roomCommentInputSchema = z
  .object({
    body: commentBody,
    fileId: z.guid().optional(),
    atSeconds: z
      .number()
      .min(0, { error: m.atOutsideTrack })
      .max(roomLimits.maxAtSeconds, { error: m.atOutsideTrack })
      .optional(),
  })
  .refine((c) => c.atSeconds === undefined || c.fileId !== undefined, {
    error: 'A time needs the file it is in',
    path: ['atSeconds'],
  });
export type RoomCommentInput = z.input<typeof roomCommentInputSchema>;

/** POST /api/projects/:id/room/moves: the client's "Request changes" (with notes) or "Approve". */
export const clientMoveInputSchema = z.discriminatedUnion('to', [
  z.object({
    to: z.literal('changes_requested'),
    notes: multiLine('notes', { error: m.notesRequired })
      .trim()
      .min(1, { error: m.notesRequired })
      .max(roomLimits.maxCommentChars, { error: m.notesTooLong }),
  }),
  z.object({ to: z.literal('approved') }),
]);
export type ClientMoveInput = z.input<typeof clientMoveInputSchema>;

/** POST /api/admin/submissions/:id/work: the studio moves the work. */
export const studioMoveInputSchema = z.object({
  to: z.enum(workStatuses),
  note: multiLine('note')
    .trim()
    .max(roomLimits.maxMoveNoteChars, { error: m.notesTooLong })
    .optional(),
});
export type StudioMoveInput = z.input<typeof studioMoveInputSchema>;

export const roomMoveAnswerSchema = z.object({ message: z.string(), room: projectRoomSchema });
export type RoomMoveAnswer = z.infer<typeof roomMoveAnswerSchema>;

/** POST /api/projects/:id/room-link: a fresh link mailed to the address that submitted it. */
export const roomLinkRequestSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
});
export const messageAnswerSchema = z.object({ message: z.string() });

/** POST /api/admin/submissions/:id/version-drafts (201): a draft for the version's uploads. */
export const versionDraftAnswerSchema = z.object({
  draftToken: z.string().regex(draftTokenPattern),
  maxFileBytes: z.int(),
  maxFiles: z.int(),
});
export type VersionDraftAnswer = z.infer<typeof versionDraftAnswerSchema>;

/** POST /api/admin/submissions/:id/versions: completed uploads of the draft, shared as a version. */
export const versionShareSchema = z.object({
  draftToken: z.string().regex(draftTokenPattern, { error: 'Start the upload again' }),
  note: multiLine('note')
    .trim()
    .max(roomLimits.maxVersionNoteChars, { error: m.versionNoteTooLong })
    .default(''),
  files: z
    .array(
      z.object({
        uploadId: z.string().regex(uploadIdPattern, { error: 'Start the upload again' }),
        kind: z.enum(versionFileKinds),
      }),
    )
    .min(1, { error: m.versionNeedsFiles })
    .max(roomLimits.maxFilesPerVersion, { error: m.tooManyVersionFiles }),
});
export type VersionShareInput = z.input<typeof versionShareSchema>;

/** GET /api/projects/mine: the signed-in client's projects, newest first (beside their orders). */
export const myProjectsAnswerSchema = z.object({
  projects: z.array(
    z
      .object({
        id: z.guid(),
        serviceName: z.string(),
        paymentState: z.enum(['unpaid', 'pending', 'paid', 'refunded']),
        workStatus: z.enum(workStatuses),
        versions: z.int().min(0),
        createdAt: isoDateTime,
      })
      .meta({ id: 'MyProject' }),
  ),
});
export type MyProjectsAnswer = z.infer<typeof myProjectsAnswerSchema>;
