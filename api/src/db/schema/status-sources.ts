import { statusSources } from '@studio/shared/statuses';
import { pgEnum } from 'drizzle-orm/pg-core';

/** Who or what caused a status change (shared/src/statuses.ts). */
export const statusSource = pgEnum('status_source', statusSources);
