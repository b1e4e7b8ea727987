import { z } from 'zod';

/**
 * Building blocks of the API's answer schemas that several domains share. An answer schema
 * describes the JSON as it is sent: dates are ISO strings, and a field the code may leave out
 * is optional while one it sends as null is nullable.
 */

/** A moment as `Date#toISOString()` writes it (`2026-11-27T09:30:00.000Z`). */
export const isoDateTime = z.iso.datetime();

/** `{ success: true, message }`: an action done, with the sentence the page shows. */
export const successAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SuccessAnswer = z.infer<typeof successAnswerSchema>;

/** An uploaded image's size and `<picture>` sources (shared/src/images.ts). */
export const imageVariantsSchema = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
  })
  .meta({ id: 'ImageVariants' });
