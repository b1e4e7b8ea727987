import { createFileRoute } from '@tanstack/react-router';
import { EventSpacePage } from '../features/event-space/components/event-space-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/event-space')({
  head: titleHead('Event Space'),
  component: EventSpacePage,
});
