import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/legal/components/privacy-policy-page';
import { business } from '../lib/business';
import { pageTitle } from '../lib/page-title';

export const Route = createFileRoute('/privacy-policy')({
  head: () => ({
    meta: [
      { title: pageTitle('Privacy Policy') },
      {
        name: 'description',
        content: `What personal data ${business.name} keeps, why, for how long, and your rights.`,
      },
    ],
  }),
  component: PrivacyPolicyPage,
});
