import { z } from 'zod';

/** `?page=&pageSize=` for every admin list; pages count from 1. */
export const paginationSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The fields beside a page's items in every paged answer (`{ orders, total, page, pageSize }`). */
export const pageAnswerFields = {
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
};
