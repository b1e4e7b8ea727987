import { createFileRoute } from '@tanstack/react-router';
import { EventSpacePage } from '../features/event-space/components/event-space-page';
import { pageTitle } from '../lib/page-title';

const description =
  'Investor pitch for a community live-music venue: startup costs, monthly revenue and costs, team and return on investment for a 2,000 or 3,000 sq ft room.';

export const Route = createFileRoute('/event-space')({
  head: () => ({
    meta: [
      { title: pageTitle('Event Space') },
      { name: 'description', content: description },
      { property: 'og:title', content: pageTitle('Event Space') },
      { property: 'og:description', content: description },
      { property: 'og:type', content: 'website' },
    ],
  }),
  component: EventSpacePage,
});
