import { createFileRoute } from '@tanstack/react-router';
import { MinecraftPage } from '../features/minecraft/components/minecraft-page';
import {
  jsonForScript,
  minecraftDescription,
  minecraftStructuredData,
} from '../features/minecraft/minecraft-seo';
import { pageTitle } from '../lib/page-title';

export const Route = createFileRoute('/minecraft')({
  head: () => {
    const title = pageTitle('Minecraft Server');
    // The site is served from one origin and rendered in the browser, so the page's own origin
    // is its public one.
    const url = `${window.location.origin}/minecraft`;
    return {
      meta: [
        { title },
        { name: 'description', content: minecraftDescription },
        { property: 'og:title', content: title },
        { property: 'og:description', content: minecraftDescription },
        { property: 'og:type', content: 'website' },
        { property: 'og:url', content: url },
      ],
      links: [{ rel: 'canonical', href: url }],
      scripts: [
        { type: 'application/ld+json', children: jsonForScript(minecraftStructuredData(url)) },
      ],
    };
  },
  component: MinecraftPage,
});
