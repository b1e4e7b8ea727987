import { useRef } from 'react';
import { LazySection, lazySection } from '../../../components/ui/lazy-section';
import { EventsBanner } from '../../events/components/events-banner';
import { HeroSection } from './hero-section';

// Below the fold: pre-rendered with the page, their code (the services, the shop, the contact
// and newsletter forms) loads after the first view's and hydrates them in place, each in its
// own task, so hydrating the page never blocks the main thread for long.
const services = lazySection(() =>
  import('../../projects/components/services-section').then((m) => m.ServicesSection),
);
const shop = lazySection(() =>
  import('../../shop/components/shop-section').then((m) => m.ShopSection),
);
const contact = lazySection(() =>
  import('../../contact/components/contact-section').then((m) => m.ContactSection),
);
const newsletter = lazySection(() =>
  import('../../newsletter/components/newsletter-box').then((m) => m.NewsletterBox),
);
const campaigns = lazySection(() =>
  import('../../campaigns/components/campaigns-section').then((m) => m.CampaignsSection),
);

/**
 * The landing page, also shown for every unknown path (the spec's catch-all `*`): sections by
 * anchor hero, services, shop, contact and campaigns (spec 2); the footer comes from the layout.
 * Only the hero is its own: every other section belongs to its feature, laid out here.
 */
export function LandingPage() {
  const sections = [services, shop, contact, newsletter, campaigns];
  const live = useRef(new Set<unknown>());
  // A client-side visit to `/#shop` (the cart's "Browse the shop") renders the sections only
  // once their code has arrived, after the router looked for the anchor: scroll to it once
  // every section is in place, so none above it moves it again. Pre-rendered HTML had the
  // anchor from the start, and the browser scrolled to it itself.
  const onLive = (code: unknown) => (prerendered: boolean) => {
    live.current.add(code);
    if (prerendered || live.current.size < sections.length) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  };
  return (
    <main id="main">
      <HeroSection />
      <EventsBanner />
      {sections.map((code, i) => (
        // The list is fixed: its index is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a constant list
        <LazySection key={i} code={code} onLive={onLive(code)} />
      ))}
    </main>
  );
}
