/**
 * The closed set of error codes the API answers with, and their HTTP statuses.
 * The body of every 4xx/5xx is `ApiErrorBody`.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ApiIssue {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  issues?: ApiIssue[];
}
