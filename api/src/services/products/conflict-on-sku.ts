import { shopMessages } from '@studio/shared/messages/shop';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export function conflictOnSku(error: unknown): never {
  if (isUniqueViolation(error, 'products_sku_key'))
    throw new ApiError('CONFLICT', shopMessages.skuTaken);
  throw error;
}
