import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export function conflictOnSku(error: unknown): never {
  if (isUniqueViolation(error, 'products_sku_key'))
    throw new ApiError('CONFLICT', 'A product with this SKU already exists');
  throw error;
}
