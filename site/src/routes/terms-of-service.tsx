import { createFileRoute } from '@tanstack/react-router';
import { TermsOfServicePage } from '../features/legal/components/terms-of-service-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/terms-of-service')({
  head: titleHead('Terms of Service'),
  component: TermsOfServicePage,
});
