import { Badge } from '@mantine/core';
import { type WorkStatus, workStatusLabels } from '@studio/shared/project-room';

const COLOR: Record<WorkStatus, string> = {
  received: 'gray',
  in_progress: 'blue',
  in_review: 'yellow',
  changes_requested: 'orange',
  approved: 'teal',
  delivered: 'green',
  cancelled: 'red',
};

/** Where a project's work stands (the project room, decision 046), beside its payment state. */
export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light" data-work-status={status}>
      {workStatusLabels[status]}
    </Badge>
  );
}
