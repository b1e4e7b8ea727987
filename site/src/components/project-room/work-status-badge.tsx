import { Badge, VisuallyHidden } from '@mantine/core';
import { type WorkStatus, workStatusLabels } from '@studio/shared/project-room';

/**
 * Light shades (3), whose text stays above 4.5:1 (WCAG AA) over the faint wash of its own colour
 * on the dark page, as the orders' badges.
 */
const COLORS: Record<WorkStatus, string> = {
  received: 'gray.3',
  in_progress: 'blue.3',
  in_review: 'yellow.3',
  changes_requested: 'orange.3',
  approved: 'green.3',
  delivered: 'teal.3',
  cancelled: 'red.3',
};

/** A faint wash of the badge's own colour, so it reads as a label on the dark page. */
export const badgeWash = {
  root: { backgroundColor: 'color-mix(in srgb, currentColor 12%, transparent)' },
};

/**
 * Where a project's work stands (the project room, decision 046): in the client's room and list
 * of projects, and in the studio's submissions, each beside the payment state.
 */
export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  return (
    <Badge color={COLORS[status]} variant="outline" styles={badgeWash} data-work-status={status}>
      {/* Beside the payment's badge: each says what it is to a screen reader. */}
      <VisuallyHidden>Work status: </VisuallyHidden>
      {workStatusLabels[status]}
    </Badge>
  );
}
