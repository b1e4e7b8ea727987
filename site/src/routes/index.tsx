import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/')({
  head: titleHead(),
  component: LandingPage,
});
