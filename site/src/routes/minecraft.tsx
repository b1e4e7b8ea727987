import { createFileRoute } from '@tanstack/react-router';
import { MinecraftPage } from '../features/minecraft/components/minecraft-page';
import { minecraftDescription, minecraftStructuredData } from '../features/minecraft/minecraft-seo';
import { seoHead } from '../lib/seo';

export const Route = createFileRoute('/minecraft')({
  head: seoHead({
    page: 'Minecraft Server',
    description: minecraftDescription,
    path: '/minecraft',
    jsonLd: minecraftStructuredData,
  }),
  component: MinecraftPage,
});
