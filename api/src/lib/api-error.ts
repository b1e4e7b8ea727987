import { type ApiIssue, type ErrorCode, errorStatus } from '@studio/shared/errors';

/** Services throw this; `onError` turns it into `{ message, code, issues? }` and a status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly issues: ApiIssue[] | undefined;
  /** For RATE_LIMITED and UNAVAILABLE: sent as `Retry-After`. */
  retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, issues?: ApiIssue[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.issues = issues;
  }

  static rateLimited(message: string, retryAfterSeconds: number): ApiError {
    const error = new ApiError('RATE_LIMITED', message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  /** A peer (database, PayPal, a chain's node, the mail server) cannot be used now: 503. */
  static unavailable(message: string, retryAfterSeconds = 5): ApiError {
    const error = new ApiError('UNAVAILABLE', message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  get status() {
    return errorStatus[this.code];
  }
}
