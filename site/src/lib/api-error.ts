import type { ApiIssue } from '@studio/shared/errors';
import { httpMessages } from '@studio/shared/messages/http';
import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';

/**
 * A failed call to the API, carrying what its error body said (`{ message, code, issues? }`,
 * shared/src/errors.ts): the server's message, its code and the per-field `issues` a form can
 * show. Status 0: there was no answer to read (network failure or timeout).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly issues: readonly ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isIssue(value: unknown): value is ApiIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiIssue).path === 'string' &&
    typeof (value as ApiIssue).message === 'string'
  );
}

/**
 * The one reader of an API error body, for the RPC client, fetch, the upload's XHR and the
 * console alike: the `ApiError` of an answer of `status` whose body is `text`. Its message is
 * the server's, else `fallback` (a body that is not JSON, such as a proxy's page, or that has no
 * message).
 */
export function apiError(status: number, text: string | undefined, fallback: string): ApiError {
  let body: unknown;
  try {
    body = text === undefined ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: a proxy page or an empty body.
  }
  const { message, code, issues } = (body && typeof body === 'object' ? body : {}) as Record<
    string,
    unknown
  >;
  return new ApiError(
    typeof message === 'string' ? message : fallback,
    status,
    typeof code === 'string' ? code : undefined,
    Array.isArray(issues) ? issues.filter(isIssue) : [],
  );
}

/** `apiError` of a fetch or RPC answer that is not ok, reading its body. */
export async function readApiError(
  res: { status: number; text(): Promise<string> },
  fallback: string,
): Promise<ApiError> {
  return apiError(res.status, await res.text().catch(() => undefined), fallback);
}

type OkBody<R> =
  R extends ClientResponse<infer T, infer U, 'json'>
    ? U extends SuccessStatusCode
      ? T
      : never
    : never;

/**
 * The JSON body of a successful call, or an `ApiError` with the server's message (else
 * `fallback`). A network failure or timeout becomes an `ApiError` with status 0.
 */
export async function unwrap<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
  fallback: string = httpMessages.failed,
): Promise<OkBody<R>> {
  let res: R;
  try {
    res = await call;
  } catch {
    throw new ApiError(fallback, 0);
  }
  if (!res.ok) throw await readApiError(res, fallback);
  return (await res.json()) as OkBody<R>;
}
