import { createFileRoute } from '@tanstack/react-router';
import { EventSpacePage } from '../features/event-space/components/event-space-page';
import { seoHead } from '../lib/seo';

const description =
  'Investor pitch for a community live-music venue: startup costs, monthly revenue and costs, team and return on investment for a 2,000 or 3,000 sq ft room.';

export const Route = createFileRoute('/event-space')({
  head: seoHead({ page: 'Event Space', description, path: '/event-space' }),
  component: EventSpacePage,
});
