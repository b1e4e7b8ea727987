import { roomLimits, type WorkStatus, workStatusLabels } from '../project-room.ts';

/** Texts of the project room (issue 26): the client's page, the admin's thread, the API's refusals. */
export const roomMessages = {
  notFound: 'Project not found',
  signInOrLink:
    'Open your project from the link in our e-mail, or sign in with the address you submitted it with.',
  linkNotValid: 'This project link is not valid. Ask for a fresh one below.',
  linkExpired: 'This project link has expired. Ask for a fresh one below.',
  /** POST /api/projects/:id/room-link: the same answer whether or not the address matched. */
  linkRequested:
    'If that address submitted this project, a fresh link to it is on its way. Check your inbox.',
  tooManyLinkRequests: 'Too many link requests. Please try again in an hour.',
  commentEmpty: 'Write a comment first',
  commentTooLong: `Comments are at most ${roomLimits.maxCommentChars.toLocaleString('en-US')} characters`,
  notesTooLong: `Notes are at most ${roomLimits.maxCommentChars.toLocaleString('en-US')} characters`,
  notesRequired: 'Say what you would like changed',
  versionNoteTooLong: `A version's note is at most ${roomLimits.maxVersionNoteChars} characters`,
  tooManyComments: 'You have posted many comments in a short time. Please wait a few minutes.',
  fileNotFound: 'File not found',
  /** A player's or download's URL past its day, or forged: the room gives fresh ones. */
  fileLinkExpired: 'This file link has expired. Open your project room again.',
  atOutsideTrack: 'That time is not in the track',
  commentPosted: 'Comment posted',
  /** A final of a project not paid yet. */
  payToReceive: 'Pay to receive your files.',
  finalsNotShared:
    'There are no final files to deliver yet. Share a version with a final file first.',
  versionShared: (n: number) => `Version ${n} shared with the client`,
  versionNeedsFiles: 'Add at least one file to the version',
  uploadNotFinished: (name: string) => `"${name}" has not finished uploading`,
  uploadsAlreadyShared: 'These files were already shared. Upload them again.',
  tooManyVersionFiles: `A version holds at most ${roomLimits.maxFilesPerVersion} files`,
  cancelledProject: 'This project was cancelled.',
  /** A move that is not allowed now, or not to this caller. */
  moveNotAllowed: (from: WorkStatus, to: WorkStatus) =>
    `A project that is ${workStatusLabels[from].toLowerCase()} cannot be moved to ${workStatusLabels[to].toLowerCase()}.`,
  moved: (to: WorkStatus) => `Status: ${workStatusLabels[to]}`,
  approved: 'Thank you! The studio has your approval.',
  changesRequested: 'Your notes are with the studio.',
  fileUnavailable: 'This file cannot be read right now. Please try again in a few minutes.',
  loadFailed: 'Failed to load the project',
  // The client's room page and the projects on /orders (site/src/features/project-room).
  projectsFailed: 'Failed to load your projects',
  moveFailed: 'Failed to update the project. Please try again.',
  commentFailed: 'Failed to post the comment. Please try again.',
  linkRequestFailed: 'Failed to send a fresh link. Please try again.',
  freshLinkHelp:
    'Enter the e-mail address you submitted the project with, and we will send you a fresh link to it.',
  paymentStates: {
    unpaid: 'Not paid',
    pending: 'Payment pending',
    paid: 'Paid',
    refunded: 'Refunded',
  },
  noVersionsYet: 'The studio has not shared a version yet. We will e-mail you when it does.',
  noComments: 'No comments yet. Ask the studio anything, or pin a note to a moment in a track.',
  noUploads: 'You did not upload any files with this project.',
  /** The work's timeline before its first status (both sides of the room). */
  noMoves: 'No status changes yet.',
  approveHint: 'Happy with this version? Approve it, and the studio prepares your final files.',
  /** The admin's detail (the studio's side of the room): a move's button, its refusals. */
  studioMoveLabel: (to: WorkStatus) =>
    to === 'cancelled' ? 'Cancel project' : `Mark ${workStatusLabels[to].toLowerCase()}`,
  cancelConfirm:
    'The client is told by e-mail. A cancelled project cannot be reopened or get new versions.',
  shareHint: 'Sharing a version puts the project in review and e-mails the client a link to it.',
  shareFailed: 'The version could not be shared.',
} as const;
