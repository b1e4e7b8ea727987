import { z } from 'zod';

/**
 * GET /api/openapi.json: an OpenAPI 3.1 document. Only its frame is described here; the rest
 * is the OpenAPI specification's own schema.
 */
export const openApiDocumentAnswerSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  tags: z.array(z.looseObject({ name: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});
export type OpenApiDocumentAnswer = z.infer<typeof openApiDocumentAnswerSchema>;
