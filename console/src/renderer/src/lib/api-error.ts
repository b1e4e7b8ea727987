/** An error answer of the API (or of the console's forwarding), with its `message` when it has one. */
export async function readApiError(
  res: { json(): Promise<unknown> },
  fallback: string,
): Promise<Error> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return new Error(body.message);
    }
  } catch {
    // Not JSON: a page from something that is not the Studio API.
  }
  return new Error(fallback);
}
