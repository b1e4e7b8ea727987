import { createFileRoute } from '@tanstack/react-router';
import { business } from '../config/business';
import { TermsOfServicePage } from '../features/legal/components/terms-of-service-page';
import { seoHead } from '../lib/seo';

export const Route = createFileRoute('/terms-of-service')({
  head: seoHead({
    page: 'Terms of Service',
    description: `The terms for using the ${business.name} website and buying its audio services, shop products and event tickets.`,
    path: '/terms-of-service',
  }),
  component: TermsOfServicePage,
});
