import { CampaignsSection } from './campaigns-section';
import { ContactSection } from './contact-section';
import { EventsBanner } from './events-banner';
import { HeroSection } from './hero-section';
import { NewsletterBox } from './newsletter-box';
import { ServicesSection } from './services-section';
import { ShopSection } from './shop-section';

/**
 * The landing page, also shown for every unknown path (the spec's catch-all `*`): sections by
 * anchor hero, services, shop, contact and campaigns (spec 2); the footer comes from the layout.
 */
export function LandingPage() {
  return (
    <main id="main">
      <HeroSection />
      <EventsBanner />
      <ServicesSection />
      <ShopSection />
      <ContactSection />
      <NewsletterBox />
      <CampaignsSection />
    </main>
  );
}
