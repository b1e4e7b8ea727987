import { Stack, Text, Timeline } from '@mantine/core';
import { workStatusLabels } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { formatLocalDateTime } from '../submission-format';

/** Each move of the work, oldest first: the status, who moved it, when, and its note. */
export function WorkTimeline({ timeline }: { timeline: ProjectRoom['timeline'] }) {
  if (timeline.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No moves yet.
      </Text>
    );
  return (
    <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2}>
      {timeline.map((move, i) => (
        <Timeline.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
          key={i}
          title={workStatusLabels[move.status]}
          data-timeline-status={move.status}
        >
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {`${move.actor === 'client' ? 'Client' : (move.actorName ?? 'Studio')} · ${formatLocalDateTime(move.at)}`}
            </Text>
            {move.note && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {move.note}
              </Text>
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
