import { z } from 'zod';
import { isoDateTime } from './answers.ts';
import { pageAnswerFields } from './pagination.ts';

/**
 * Building blocks of the API's answer schemas (each route declares its answers with them; the
 * API describes them in GET /api/openapi.json and its tests hold every answer against them).
 */

/** An instant as the API sends it: ISO 8601 in UTC, as `Date.prototype.toISOString` writes it. */
export const instant = isoDateTime;

/** A row's id (a UUID, any version). */
export const rowId = z.guid();

/** How many of something. */
export const count = z.int().min(0);

/** The fields of a page of a list beside its rows: how many match in all, and which page this is. */
export const pageFields = pageAnswerFields;

/** An answer that only says what was done, for the person who did it. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** A signed link the browser follows to download natively (no bearer token), and until when. */
export const signedLinkSchema = z.object({ url: z.string(), expiresAt: instant });
