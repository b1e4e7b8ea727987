import { Text, Timeline } from '@mantine/core';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { formatRoomDateTime, workStatusColors, workStatusLabels } from '../room-display';
import classes from './room.module.css';

/** Every status the work has had, oldest first: when, who moved it, and their note. */
export function WorkTimeline({ timeline }: { timeline: ProjectRoom['timeline'] }) {
  return (
    <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2}>
      {timeline.map((entry) => (
        <Timeline.Item
          // A status can come back (another round), but never at the same instant.
          key={`${entry.status}-${entry.at}`}
          title={workStatusLabels[entry.status]}
          color={workStatusColors[entry.status]}
        >
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>{formatRoomDateTime(entry.at)}</time> ·{' '}
            {entry.actor === 'client' ? 'You' : (entry.actorName ?? 'Studio')}
          </Text>
          {entry.note && (
            <Text size="sm" mt={4} className={classes.plainText}>
              {entry.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
