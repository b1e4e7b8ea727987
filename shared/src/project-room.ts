/**
 * The project room (issue 26, decision 046): a paid project's work status beside its payment
 * state, the versions the studio shares, comments and the client's approval. Shared by the API,
 * which enforces these rules, and the pages that offer only the moves allowed.
 */

/**
 * Where the work stands: received (submitted), in progress, in review (a version was shared),
 * changes requested, approved, delivered (the finals are there), cancelled.
 */
export const workStatuses = [
  'received',
  'in_progress',
  'in_review',
  'changes_requested',
  'approved',
  'delivered',
  'cancelled',
] as const;
export type WorkStatus = (typeof workStatuses)[number];

/** Who moves the work: the studio (an admin) or the client (their account or their room link). */
export const workActors = ['studio', 'client'] as const;
export type WorkActor = (typeof workActors)[number];

/**
 * Every move allowed, and who may make it. The client only requests changes and approves, and
 * only while a version is in review; the studio makes every other move, and may record a
 * request or an approval it got another way (the audit names who moved). Sharing a version is
 * the move to `in_review`; `delivered` needs a final file. Cancelled is the end; a delivered
 * project may be reopened for another round.
 */
export const workMoves: Record<WorkStatus, Partial<Record<WorkStatus, readonly WorkActor[]>>> = {
  received: { in_progress: ['studio'], in_review: ['studio'], cancelled: ['studio'] },
  in_progress: { in_review: ['studio'], cancelled: ['studio'] },
  in_review: {
    changes_requested: ['client', 'studio'],
    approved: ['client', 'studio'],
    in_progress: ['studio'],
    cancelled: ['studio'],
  },
  changes_requested: { in_progress: ['studio'], in_review: ['studio'], cancelled: ['studio'] },
  approved: { delivered: ['studio'], in_progress: ['studio'], cancelled: ['studio'] },
  delivered: { in_progress: ['studio'] },
  cancelled: {},
};

/** Whether `actor` may move work from `from` to `to`. */
export function canMoveWork(from: WorkStatus, to: WorkStatus, actor: WorkActor): boolean {
  return workMoves[from][to]?.includes(actor) ?? false;
}

/** The moves `actor` may make from `from`, in the order of `workStatuses`. */
export function workMovesFrom(from: WorkStatus, actor: WorkActor): WorkStatus[] {
  return workStatuses.filter((to) => canMoveWork(from, to, actor));
}

/** How a status reads in the room's timeline and the admin's detail. */
export const workStatusLabels: Record<WorkStatus, string> = {
  received: 'Received',
  in_progress: 'In progress',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A shared file is for listening in the page (preview) or the deliverable (final). */
export const versionFileKinds = ['preview', 'final'] as const;
export type VersionFileKind = (typeof versionFileKinds)[number];

export const roomLimits = {
  /** A comment, a change request's notes: plain text. */
  maxCommentChars: 2000,
  /** A version's note ("v2: vocal up 1 dB"). */
  maxVersionNoteChars: 500,
  /** A status move's note from the studio. */
  maxMoveNoteChars: 500,
  /** Files one version may carry. */
  maxFilesPerVersion: 20,
  /** The largest shared file: as a digital product's (8 GiB). */
  maxFileBytes: 8 * 1024 ** 3,
  /** Comments a client may post per 10 minutes on one project. */
  commentsPer10Minutes: 20,
  /** Fresh room links mailed per address and project per hour. */
  linkRequestsPerHour: 3,
  /** How long a room link in a mail works. */
  linkDays: 30,
  /** How long a file URL handed to the room's player or Download button works. */
  fileUrlHours: 24,
  /** The longest track a comment can be pinned in: 24 hours, in seconds. */
  maxAtSeconds: 24 * 60 * 60,
} as const;

/** 83.4 s as "1:23", 3725 s as "1:02:05": how a comment's time reads. */
export function formatTrackTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
