import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { landingDescription, landingStructuredData } from '../features/landing/landing-seo';
import { seoHead } from '../lib/seo';

export const Route = createFileRoute('/')({
  head: seoHead({ description: landingDescription, path: '/', jsonLd: landingStructuredData }),
  component: LandingPage,
});
