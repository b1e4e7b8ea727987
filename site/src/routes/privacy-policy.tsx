import { createFileRoute } from '@tanstack/react-router';
import { business } from '../config/business';
import { PrivacyPolicyPage } from '../features/legal/components/privacy-policy-page';
import { seoHead } from '../lib/seo';

export const Route = createFileRoute('/privacy-policy')({
  head: seoHead({
    page: 'Privacy Policy',
    description: `What personal data ${business.name} keeps, why, for how long, and your rights.`,
    path: '/privacy-policy',
  }),
  component: PrivacyPolicyPage,
});
