import type { Service } from '../../db/schema/services.ts';

/** The service a form names: by title (as the spec sends it), SKU or id. */
export function findService(all: Service[], named: string): Service | undefined {
  const key = named.trim().toLowerCase();
  return all.find(
    (s) => s.title.toLowerCase() === key || s.sku.toLowerCase() === key || s.id === key,
  );
}
