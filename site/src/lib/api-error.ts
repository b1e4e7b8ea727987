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

/** The server's message from an error response, or `fallback` when it sent none (or not JSON). */
export async function errorMessage(res: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: a proxy page or an empty body.
  }
  return fallback;
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
    let code: string | undefined;
    const message = await errorMessage(res.clone() as unknown as Response, fallback);
    try {
      const body = (await res.json()) as { code?: unknown };
      if (typeof body?.code === 'string') code = body.code;
    } catch {
      // no code
    }
    throw new ApiError(message, res.status, code);
  }
  return (await res.json()) as OkBody<R>;
}
