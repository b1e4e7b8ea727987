/** "Paused: 451 4.7.1 Try again later, retrying at 14:32:05": a blast the mail server refused for now. */
export function pauseLine(reason: string | null | undefined, until: string): string {
  const at = new Date(until).toLocaleTimeString(undefined, { timeStyle: 'medium' });
  return `Paused: ${reason ?? 'the mail server refused for now'}, retrying at ${at}`;
}
