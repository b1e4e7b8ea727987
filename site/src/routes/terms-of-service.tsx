import { createFileRoute } from '@tanstack/react-router';
import { TermsOfServicePage } from '../features/legal/components/terms-of-service-page';
import { business } from '../lib/business';
import { pageTitle } from '../lib/page-title';

export const Route = createFileRoute('/terms-of-service')({
  head: () => ({
    meta: [
      { title: pageTitle('Terms of Service') },
      {
        name: 'description',
        content: `The terms for using the ${business.name} website and buying its audio services, shop products and event tickets.`,
      },
    ],
  }),
  component: TermsOfServicePage,
});
