import { versionFileKinds, workActors, workStatuses } from '@studio/shared/project-room';
import { pgEnum } from 'drizzle-orm/pg-core';

// The project room's enums (shared/src/project-room.ts), apart so submissions can use them.
export const workStatus = pgEnum('work_status', workStatuses);
export const workActor = pgEnum('work_actor', workActors);
export const versionFileKind = pgEnum('version_file_kind', versionFileKinds);
