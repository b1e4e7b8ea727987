import { z } from 'zod';

/** `?page=&pageSize=` for every admin list; pages count from 1. */
export const paginationSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
