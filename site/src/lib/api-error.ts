import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';

/** A non-2xx answer from the API, carrying the server's own message (`{ message, code }`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type OkBody<R> =
  R extends ClientResponse<infer T, infer U, 'json'>
    ? U extends SuccessStatusCode
      ? T
      : never
    : never;

/** The `{ message, code }` of an error response; empty when the body is not JSON. */
async function errorBody(res: Response): Promise<{ message?: string; code?: string }> {
  try {
    const body: unknown = await res.json();
    if (!body || typeof body !== 'object') return {};
    const { message, code } = body as Record<string, unknown>;
    return {
      ...(typeof message === 'string' ? { message } : {}),
      ...(typeof code === 'string' ? { code } : {}),
    };
  } catch {
    // Not JSON: a proxy page or an empty body.
    return {};
  }
}

/**
 * The JSON body of a successful call, or an `ApiError` with the server's message (else
 * `fallback`). A network failure or timeout becomes an `ApiError` with status 0.
 */
export async function unwrap<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
  fallback = 'Something went wrong. Please try again.',
): Promise<OkBody<R>> {
  let res: R;
  try {
    res = await call;
  } catch {
    throw new ApiError(fallback, 0);
  }
  if (!res.ok) {
    const { message, code } = await errorBody(res as unknown as Response);
    throw new ApiError(message ?? fallback, res.status, code);
  }
  return (await res.json()) as OkBody<R>;
}
