import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { titleHead } from '../lib/page-title';

// The spec's catch-all `*`: any path no other route matches shows the landing page.
export const Route = createFileRoute('/$')({
  head: titleHead(),
  component: LandingPage,
});
