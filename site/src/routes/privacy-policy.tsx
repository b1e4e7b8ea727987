import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/legal/components/privacy-policy-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/privacy-policy')({
  head: titleHead('Privacy Policy'),
  component: PrivacyPolicyPage,
});
