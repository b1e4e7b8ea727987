/**
 * Polls `check` every `pollMs` until it answers a truthy value, and answers that value (so a
 * check can hand back what it read); fails naming `what` once `timeoutMs` has passed. One wait
 * for the unit tests (a row's status, a mail arrived) and the process tests alike.
 */
export async function until<T>(
  check: () => T | Promise<T>,
  timeoutMs = 15_000,
  what = 'the condition',
  pollMs = 5,
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | 0 | '' | null | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
