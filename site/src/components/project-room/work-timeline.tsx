import { Text, Timeline } from '@mantine/core';
import { roomMessages } from '@studio/shared/messages/project-room';
import { type WorkStatus, workStatusLabels } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { formatRoomDateTime } from './room-dates';

/** Bullets: the palette's own shades, as the orders' timeline. */
const COLORS: Record<WorkStatus, string> = {
  received: 'gray',
  in_progress: 'blue',
  in_review: 'yellow',
  changes_requested: 'orange',
  approved: 'green',
  delivered: 'teal',
  cancelled: 'red',
};

/**
 * Every status the work has had, oldest first: who moved it, when, and their note (plain text,
 * line breaks kept). `clientName` names the client's own moves: "You" in their room, "Client" in
 * the studio's tab.
 */
export function WorkTimeline({
  timeline,
  clientName,
}: {
  timeline: ProjectRoom['timeline'];
  clientName: string;
}) {
  if (timeline.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {roomMessages.noMoves}
      </Text>
    );
  return (
    <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2}>
      {timeline.map((entry) => (
        <Timeline.Item
          // A status can come back (another round), but never at the same instant.
          key={`${entry.status}-${entry.at}`}
          title={workStatusLabels[entry.status]}
          color={COLORS[entry.status]}
          data-timeline-status={entry.status}
        >
          <Text size="sm" c="dimmed">
            {entry.actor === 'client' ? clientName : (entry.actorName ?? 'Studio')} ·{' '}
            <time dateTime={entry.at}>{formatRoomDateTime(entry.at)}</time>
          </Text>
          {entry.note && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
