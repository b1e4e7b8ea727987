import { z } from 'zod';

/** GET /api/health, 200: the database answers (503 with Retry-After otherwise). */
export const healthAnswerSchema = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
