/**
 * The recipients box with `added` appended, one per line, leaving out addresses it already holds
 * (in any case): loading subscribers or a list never drops what the admin typed.
 */
export function mergeRecipients(current: string, added: readonly string[]): string {
  const entries = current
    .split(/[,\r\n]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const seen = new Set(entries.map((e) => e.toLowerCase()));
  for (const address of added) {
    const key = address.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    entries.push(address.trim());
  }
  return entries.join('\n');
}

/** "1 recipient", "3 recipients". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
