import { createFileRoute } from '@tanstack/react-router';
import { MinecraftPage } from '../features/minecraft/components/minecraft-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/minecraft')({
  head: titleHead('Minecraft Server'),
  component: MinecraftPage,
});
