import { business } from '../../config/business';

/** The page's description for search engines and link previews. */
export const minecraftDescription = `Join the ${business.name} modded Minecraft server: a friendly community survival world with a curated modpack, events and a live 3D map. Server address: ${business.minecraft.serverAddress}.`;

/**
 * schema.org structured data for the page: a WebPage about a GameServer of the VideoGame
 * Minecraft (https://schema.org/GameServer), so search engines can tell what it promotes.
 */
export function minecraftStructuredData(pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: `${business.name} Minecraft Server`,
    description: minecraftDescription,
    url: pageUrl,
    publisher: { '@type': 'Organization', name: business.name },
    mainEntity: {
      '@type': 'GameServer',
      name: `${business.name} Minecraft Server`,
      url: pageUrl,
      identifier: business.minecraft.serverAddress,
      game: { '@type': 'VideoGame', name: 'Minecraft', url: 'https://www.minecraft.net/' },
      sameAs: [business.minecraft.chatUrl, business.minecraft.mapUrl],
    },
  };
}

/**
 * JSON for an inline script: `<` is escaped so no string in the data can close the element.
 * (https://html.spec.whatwg.org/multipage/scripting.html#restrictions-for-contents-of-script-elements)
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
