import { Text } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import { roomMessages } from '@studio/shared/messages/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import classes from './room.module.css';

/** The files the client sent with the project: listed, for reference. */
export function RoomUploads({ uploads }: { uploads: ProjectRoom['uploads'] }) {
  if (uploads.length === 0) return <Text c="dimmed">{roomMessages.noUploads}</Text>;
  return (
    <ul className={classes.uploads} aria-label="Files you uploaded">
      {uploads.map((upload) => (
        <li key={upload.id} className={classes.upload}>
          <Text size="sm" className={classes.fileName}>
            {upload.name}
          </Text>
          <Text size="sm" c="dimmed" className={classes.size}>
            {formatBytes(upload.sizeBytes)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
