import { LazySection, lazySection } from '../../../components/ui/lazy-section';
import { EventsBanner } from './events-banner';
import { HeroSection } from './hero-section';

// Below the fold: pre-rendered with the page, their code (the services, the shop, the contact
// and newsletter forms) loads after the first view's and hydrates them in place, each in its
// own task, so hydrating the page never blocks the main thread for long.
const services = lazySection(() => import('./services-section').then((m) => m.ServicesSection));
const shop = lazySection(() => import('./shop-section').then((m) => m.ShopSection));
const contact = lazySection(() => import('./contact-section').then((m) => m.ContactSection));
const newsletter = lazySection(() => import('./newsletter-box').then((m) => m.NewsletterBox));
const campaigns = lazySection(() => import('./campaigns-section').then((m) => m.CampaignsSection));

/**
 * The landing page, also shown for every unknown path (the spec's catch-all `*`): sections by
 * anchor hero, services, shop, contact and campaigns (spec 2); the footer comes from the layout.
 */
export function LandingPage() {
  return (
    <main id="main">
      <HeroSection />
      <EventsBanner />
      <LazySection code={services} />
      <LazySection code={shop} />
      <LazySection code={contact} />
      <LazySection code={newsletter} />
      <LazySection code={campaigns} />
    </main>
  );
}
