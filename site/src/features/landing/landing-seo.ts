import { serviceCatalog, serviceCategories } from '@studio/shared/catalog/services';
import { business } from '../../config/business';

/** The landing page's description for search engines and link previews. */
export const landingDescription = `${business.name}: fixed-price sound design, mixing, mastering and audio post-production from $${business.priceRange.low} to $${business.priceRange.high}, a shop, events and a community game server.`;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * schema.org structured data for `/`: the business as a ProfessionalService with the spec's
 * price range, and its services as an OfferCatalog, one list per category, each at the price
 * its card shows (https://schema.org/OfferCatalog).
 */
export function landingStructuredData(pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: business.name,
    description: landingDescription,
    url: pageUrl,
    email: business.email,
    priceRange: `$${business.priceRange.low} - $${business.priceRange.high}`,
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Audio services',
      itemListElement: serviceCategories.map((category) => ({
        '@type': 'OfferCatalog',
        name: category,
        itemListElement: serviceCatalog
          .filter((service) => service.category === category)
          .map((service) => ({
            '@type': 'Offer',
            price: dollars(service.listPriceCents),
            priceCurrency: 'USD',
            itemOffered: {
              '@type': 'Service',
              name: service.title,
              description: service.description,
              serviceType: category,
            },
          })),
      })),
    },
  };
}
