/**
 * What a failed `Mailer.send` means for the message, from nodemailer's error:
 * - `temporary`: the server did not take it and may later (a 4xx reply such as 421, 450 or 451
 *   greylisting, a refused connection, a server that never greeted): safe to try again;
 * - `permanent`: the server refused it for good (a 5xx reply): do not try again;
 * - `uncertain`: the connection broke while the message was on its way (a socket timeout or
 *   reset mid-transaction): the server may have accepted it, so it is not sent again blindly.
 */
export type MailErrorKind = 'temporary' | 'permanent' | 'uncertain';

/** Codes nodemailer gives to failures before any mail transaction started. */
const beforeTransaction = new Set(['EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED', 'EHOSTUNREACH']);
/** System errors of a connection that never opened. */
const neverConnected = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function mailErrorKind(error: unknown): MailErrorKind {
  const e = (error ?? {}) as {
    code?: unknown;
    originalCode?: unknown;
    responseCode?: unknown;
    command?: unknown;
    timeoutType?: unknown;
  };
  if (typeof e.responseCode === 'number') {
    if (e.responseCode >= 400 && e.responseCode < 500) return 'temporary';
    if (e.responseCode >= 500) return 'permanent';
  }
  const code = typeof e.code === 'string' ? e.code : '';
  const original = typeof e.originalCode === 'string' ? e.originalCode : '';
  if (neverConnected.has(original) || neverConnected.has(code)) return 'temporary';
  if (beforeTransaction.has(code)) return 'temporary';
  // Connecting, or waiting for the greeting, took too long (a phase timer, not the socket's
  // idle timeout, which can fire mid-message).
  if (code === 'ETIMEDOUT' && e.command === 'CONN' && e.timeoutType !== 'SOCKET_TIMEOUT') {
    return 'temporary';
  }
  // The pool's own verdict on a message it never began to send: its connection closed before the
  // server's greeting, or a reused one closed before a byte of the message left. nodemailer's
  // pool fails such a message with this code and no `command` ("Reached maximum number of
  // retries after connection was closed", as `maxRequeues: 0` leaves the retry to us), whereas a
  // connection that dies during a transaction, DATA included, reports `command: 'CONN'` and
  // stays uncertain below. (A forced close of the pool would also end this way; the mailer never
  // forces one.)
  if (code === 'ECONNECTION' && e.command === undefined) return 'temporary';
  // A message nodemailer refused to build or address (no recipient, bad address): no retry helps.
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'permanent';
  return 'uncertain';
}
